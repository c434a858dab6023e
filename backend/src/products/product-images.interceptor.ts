import { MAX_IMAGE_MB, MAX_PRODUCT_IMAGES } from '@greencart/domain';
import { IMAGE_FILE_SIZE_LIMIT, MultipartUpload } from '../common/http/multipart-upload';

/** Multipart field the product forms send their pictures under (spec section 7). */
export const IMAGE_FIELD = 'image';
/** productData and images are small JSON texts; 64 KiB leaves room for a long description in any script. */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 8;

/**
 * Reads a multipart product form into memory: up to 4 files under `image` (req.files) and the text
 * fields (req.body). The service checks and stores. Spec section 9: at most 4 images per product, each
 * under 5 MB (the seller form says the same); every problem with the upload itself is a 400 with a
 * message the seller can act on (never 413 or 500).
 */
export const ProductImagesInterceptor = MultipartUpload({
  files: { name: IMAGE_FIELD, maxCount: MAX_PRODUCT_IMAGES },
  limits: {
    fileSize: IMAGE_FILE_SIZE_LIMIT,
    files: MAX_PRODUCT_IMAGES,
    fields: MAX_FIELDS,
    fieldSize: MAX_FIELD_BYTES,
    parts: MAX_PRODUCT_IMAGES + MAX_FIELDS,
  },
  refusals: {
    LIMIT_FILE_SIZE: `Each image must be under ${MAX_IMAGE_MB} MB`,
    LIMIT_FILE_COUNT: `At most ${MAX_PRODUCT_IMAGES} images`,
    // multer reports a fifth file under `image` the same way as a file under another field.
    LIMIT_UNEXPECTED_FILE: (field) =>
      field === IMAGE_FIELD ? `At most ${MAX_PRODUCT_IMAGES} images` : `Unexpected file field "${field}": send images under "${IMAGE_FIELD}"`,
    LIMIT_FIELD_VALUE: (field) => `${field} is too long`,
    LIMIT_FIELD_COUNT: 'Too many form fields',
    LIMIT_PART_COUNT: 'Too many form fields',
  },
  otherwise: (multerMessage) => multerMessage ?? 'The upload is not a valid multipart form',
});
