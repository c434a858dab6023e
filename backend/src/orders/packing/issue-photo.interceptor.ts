import { MAX_IMAGE_BYTES, MAX_IMAGE_MB } from '@greencart/domain';
import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { multer } from '../../products/product-images.interceptor';

/** Multipart field of the problem report's one photo. */
export const PHOTO_FIELD = 'photo';

const receivePhoto = multer({
  storage: multer.memoryStorage(),
  // As product images: under 5 MB; the text fields (lines JSON, note) are small.
  limits: { fileSize: MAX_IMAGE_BYTES - 1, files: 1, fields: 4, fieldSize: 16 * 1024, parts: 5 },
}).fields([{ name: PHOTO_FIELD, maxCount: 1 }]);

/** Reads a problem report (multipart: `lines`, `note`, one `photo`) into memory; every upload problem is a 400 saying what to do. */
@Injectable()
export class IssuePhotoInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<ReturnType<CallHandler['handle']>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) => {
      const done: NextFunction = (error?: unknown) => (error ? reject(uploadError(error)) : resolve());
      void receivePhoto(req, res, done);
    });
    return next.handle();
  }
}

function uploadError(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const { code, field } = error as { code?: unknown; field?: unknown };
  if (code === 'LIMIT_FILE_SIZE') return new BadRequestException(`The photo must be under ${MAX_IMAGE_MB} MB`);
  if (code === 'LIMIT_FILE_COUNT' || (code === 'LIMIT_UNEXPECTED_FILE' && field === PHOTO_FIELD)) return new BadRequestException('One photo at most');
  if (code === 'LIMIT_UNEXPECTED_FILE') return new BadRequestException(`Unexpected file field "${String(field)}": send the photo under "${PHOTO_FIELD}"`);
  return new BadRequestException('The report could not be read; send lines, an optional note and at most one photo');
}
