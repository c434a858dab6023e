import { BadRequestException, CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MAX_IMPORT_CSV_BYTES, MAX_IMPORT_CSV_MB, MAX_IMPORT_ZIP_BYTES, MAX_IMPORT_ZIP_MB } from '@greencart/domain';
import { multer } from '../product-images.interceptor';
import type { ImportFiles } from './catalogue-import.service';

/** Multipart fields of an import: the CSV and the optional zip of pictures. */
export const CSV_FIELD = 'file';
export const ZIP_FIELD = 'images';

interface UploadedFile {
  fieldname: string;
  size: number;
  buffer: Buffer;
}

const receiveImport = multer({
  storage: multer.memoryStorage(),
  // One limit for every file: the zip's; the CSV's own (smaller) is checked after.
  limits: { fileSize: MAX_IMPORT_ZIP_BYTES, files: 2, fields: 4, fieldSize: 1024, parts: 6 },
}).fields([
  { name: CSV_FIELD, maxCount: 1 },
  { name: ZIP_FIELD, maxCount: 1 },
]);

/** Reads a multipart import into memory; every problem with the upload itself is a 400 the seller can act on. */
@Injectable()
export class ImportUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<ReturnType<CallHandler['handle']>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    await new Promise<void>((resolve, reject) => {
      const done: NextFunction = (error?: unknown) => (error ? reject(uploadError(error)) : resolve());
      void receiveImport(req, http.getResponse<Response>(), done);
    });
    return next.handle();
  }
}

/** The files of the request (ImportUploadInterceptor read them): the CSV is required, at most 5 MB. */
export function importFilesOf(req: Request): ImportFiles {
  const files = (req as Request & { files?: Record<string, UploadedFile[]> }).files ?? {};
  const csv = files[CSV_FIELD]?.[0];
  if (!csv) throw new BadRequestException(`Send the CSV file under "${CSV_FIELD}" (and optionally a zip of pictures under "${ZIP_FIELD}")`);
  if (csv.size > MAX_IMPORT_CSV_BYTES) throw new BadRequestException(`The CSV file must be at most ${MAX_IMPORT_CSV_MB} MB`);
  const zip = files[ZIP_FIELD]?.[0];
  return { csv: csv.buffer, ...(zip ? { zip: zip.buffer } : {}) };
}

function uploadError(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const { code, field } = error as { code?: unknown; field?: unknown };
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return new BadRequestException(`The pictures zip must be at most ${MAX_IMPORT_ZIP_MB} MB (the CSV at most ${MAX_IMPORT_CSV_MB} MB)`);
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return new BadRequestException(
        `Unexpected file "${String(field)}": send the CSV under "${CSV_FIELD}" and the pictures zip under "${ZIP_FIELD}", one each`,
      );
    case 'LIMIT_FIELD_VALUE':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return new BadRequestException('Too many form fields');
  }
  return new BadRequestException('The upload is not a valid multipart form');
}
