import { MAX_IMAGE_BYTES, MAX_IMAGE_MB, MAX_PRODUCT_IMAGES } from '@greencart/domain';
import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Multipart field the product forms send their pictures under (spec section 7). */
export const IMAGE_FIELD = 'image';
/** Spec section 9: at most 4 images per product, each under 5 MB (the seller form says the same). */
const MAX_UPLOAD_MB = MAX_IMAGE_MB;
const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;
/** productData and images are small JSON texts; 64 KiB leaves room for a long description in any script. */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_FIELDS = 8;

/** A picture multer kept in memory. */
export interface UploadedImage {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

interface MulterOptions {
  storage: unknown;
  limits: { fileSize: number; files: number; fields: number; fieldSize: number; parts: number };
}
export interface Multer {
  (options: MulterOptions): { array(field: string, maxCount: number): RequestHandler; fields(fields: { name: string; maxCount: number }[]): RequestHandler };
  memoryStorage(): unknown;
  MulterError: new (code: string) => Error & { code: string; field?: string };
}
// The multer that @nestjs/platform-express depends on (it is not a dependency of ours), resolved from there so
// it is found however npm lays out node_modules. It ships without type declarations: what is used is typed above.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a module resolved at run time from another package's folder
export const multer = require(require.resolve('multer', { paths: [require.resolve('@nestjs/platform-express')] })) as Multer;

const receiveImages = multer({
  storage: multer.memoryStorage(),
  limits: {
    // multer refuses files larger than fileSize: one byte less makes exactly 5 MB "not under 5 MB".
    fileSize: MAX_UPLOAD_BYTES - 1,
    files: MAX_PRODUCT_IMAGES,
    fields: MAX_FIELDS,
    fieldSize: MAX_FIELD_BYTES,
    parts: MAX_PRODUCT_IMAGES + MAX_FIELDS,
  },
}).array(IMAGE_FIELD, MAX_PRODUCT_IMAGES);

/**
 * Reads a multipart product form into memory: up to 4 files under `image` (req.files) and the text
 * fields (req.body). Nothing is written anywhere; the service checks and stores. Every problem with
 * the upload itself is a 400 with a message the seller can act on (never 413 or 500).
 */
@Injectable()
export class ProductImagesInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<ReturnType<CallHandler['handle']>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) => {
      const done: NextFunction = (error?: unknown) => (error ? reject(uploadError(error)) : resolve());
      void receiveImages(req, res, done);
    });
    return next.handle();
  }
}

function uploadError(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const { code, field } = error as { code?: unknown; field?: unknown };
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return new BadRequestException(`Each image must be under ${MAX_UPLOAD_MB} MB`);
    case 'LIMIT_FILE_COUNT':
      return new BadRequestException(`At most ${MAX_PRODUCT_IMAGES} images`);
    case 'LIMIT_UNEXPECTED_FILE':
      // multer reports a fifth file under `image` the same way as a file under another field.
      return new BadRequestException(
        field === IMAGE_FIELD ? `At most ${MAX_PRODUCT_IMAGES} images` : `Unexpected file field "${String(field)}": send images under "${IMAGE_FIELD}"`,
      );
    case 'LIMIT_FIELD_VALUE':
      return new BadRequestException(`${String(field)} is too long`);
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return new BadRequestException('Too many form fields');
  }
  if (error instanceof multer.MulterError) return new BadRequestException(error.message);
  // Anything else comes from parsing the request body (busboy: malformed part header, unexpected end of form, ...).
  return new BadRequestException('The upload is not a valid multipart form');
}
