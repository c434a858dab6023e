import { BadRequestException } from '@nestjs/common';
import type { Request } from 'express';
import { MAX_IMPORT_CSV_BYTES, MAX_IMPORT_CSV_MB, MAX_IMPORT_ZIP_BYTES, MAX_IMPORT_ZIP_MB } from '@greencart/domain';
import { MultipartUpload, type UploadedFile } from '../../common/http/multipart-upload';
import type { ImportFiles } from './catalogue-import.service';

/** Multipart fields of an import: the CSV and the optional zip of pictures. */
export const CSV_FIELD = 'file';
export const ZIP_FIELD = 'images';

function unexpectedFile(field: string): string {
  return `Unexpected file "${field}": send the CSV under "${CSV_FIELD}" and the pictures zip under "${ZIP_FIELD}", one each`;
}

/** Reads a multipart import into memory; every problem with the upload itself is a 400 the seller can act on. */
export const ImportUploadInterceptor = MultipartUpload({
  files: [
    { name: CSV_FIELD, maxCount: 1 },
    { name: ZIP_FIELD, maxCount: 1 },
  ],
  // One limit for every file: the zip's; the CSV's own (smaller) is checked after.
  limits: { fileSize: MAX_IMPORT_ZIP_BYTES, files: 2, fields: 4, fieldSize: 1024, parts: 6 },
  refusals: {
    LIMIT_FILE_SIZE: `The pictures zip must be at most ${MAX_IMPORT_ZIP_MB} MB (the CSV at most ${MAX_IMPORT_CSV_MB} MB)`,
    LIMIT_FILE_COUNT: unexpectedFile,
    LIMIT_UNEXPECTED_FILE: unexpectedFile,
    LIMIT_FIELD_VALUE: 'Too many form fields',
    LIMIT_FIELD_COUNT: 'Too many form fields',
    LIMIT_PART_COUNT: 'Too many form fields',
  },
  otherwise: 'The upload is not a valid multipart form',
});

/** The files of the request (ImportUploadInterceptor read them): the CSV is required, at most 5 MB. */
export function importFilesOf(req: Request): ImportFiles {
  const files = (req as Request & { files?: Record<string, UploadedFile[]> }).files ?? {};
  const csv = files[CSV_FIELD]?.[0];
  if (!csv) throw new BadRequestException(`Send the CSV file under "${CSV_FIELD}" (and optionally a zip of pictures under "${ZIP_FIELD}")`);
  if (csv.size > MAX_IMPORT_CSV_BYTES) throw new BadRequestException(`The CSV file must be at most ${MAX_IMPORT_CSV_MB} MB`);
  const zip = files[ZIP_FIELD]?.[0];
  return { csv: csv.buffer, ...(zip ? { zip: zip.buffer } : {}) };
}
