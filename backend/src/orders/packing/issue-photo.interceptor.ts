import { MAX_IMAGE_MB } from '@greencart/domain';
import { IMAGE_FILE_SIZE_LIMIT, MultipartUpload } from '../../common/http/multipart-upload';

/** Multipart field of the problem report's one photo. */
export const PHOTO_FIELD = 'photo';

/** Reads a problem report (multipart: `lines`, `note`, one `photo`) into memory; every upload problem is a 400 saying what to do. */
export const IssuePhotoInterceptor = MultipartUpload({
  files: [{ name: PHOTO_FIELD, maxCount: 1 }],
  // As product images: under 5 MB; the text fields (lines JSON, note) are small.
  limits: { fileSize: IMAGE_FILE_SIZE_LIMIT, files: 1, fields: 4, fieldSize: 16 * 1024, parts: 5 },
  refusals: {
    LIMIT_FILE_SIZE: `The photo must be under ${MAX_IMAGE_MB} MB`,
    LIMIT_FILE_COUNT: 'One photo at most',
    LIMIT_UNEXPECTED_FILE: (field) => (field === PHOTO_FIELD ? 'One photo at most' : `Unexpected file field "${field}": send the photo under "${PHOTO_FIELD}"`),
  },
  otherwise: 'The report could not be read; send lines, an optional note and at most one photo',
});
