import { MAX_IMAGE_BYTES } from '@greencart/domain';
import {
  BadRequestException,
  HttpException,
  Injectable,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A file of a multipart form, kept in memory. */
export interface UploadedFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/** multer refuses files larger than fileSize: one byte less makes exactly 5 MB "not under 5 MB". */
export const IMAGE_FILE_SIZE_LIMIT = MAX_IMAGE_BYTES - 1;

interface FileField {
  name: string;
  maxCount: number;
}
interface Limits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
  parts: number;
}
interface Multer {
  (options: { storage: unknown; limits: Limits }): { array(field: string, maxCount: number): RequestHandler; fields(fields: FileField[]): RequestHandler };
  memoryStorage(): unknown;
  MulterError: new (code: string) => Error & { code: string; field?: string };
}
// The multer that @nestjs/platform-express depends on (it is not a dependency of ours), resolved from there so
// it is found however npm lays out node_modules. It ships without type declarations: what is used is typed above.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a module resolved at run time from another package's folder
const multer = require(require.resolve('multer', { paths: [require.resolve('@nestjs/platform-express')] })) as Multer;

/** multer's refusals an upload may word its own way. */
type RefusalCode = 'LIMIT_FILE_SIZE' | 'LIMIT_FILE_COUNT' | 'LIMIT_UNEXPECTED_FILE' | 'LIMIT_FIELD_VALUE' | 'LIMIT_FIELD_COUNT' | 'LIMIT_PART_COUNT';

/** One multipart form: its files, its limits, and what each refusal says (always a 400 the sender can act on). */
export interface UploadRules {
  /** One field read as a list (req.files is an array), or several fields by name (req.files is a record of lists). */
  files: FileField | FileField[];
  limits: Limits;
  /** By multer's code; `field` is the field it names. */
  refusals: Partial<Record<RefusalCode, string | ((field: string) => string)>>;
  /** Any other problem: another multer refusal (with multer's own message) or a form that cannot be parsed (none). */
  otherwise: string | ((multerMessage: string | undefined) => string);
}

/** An interceptor that reads such a form into memory before the handler runs (req.files and req.body); nothing is written anywhere. */
export function MultipartUpload(rules: UploadRules): Type<NestInterceptor> {
  const upload = multer({ storage: multer.memoryStorage(), limits: rules.limits });
  const receive = Array.isArray(rules.files) ? upload.fields(rules.files) : upload.array(rules.files.name, rules.files.maxCount);

  @Injectable()
  class MultipartUploadInterceptor implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler): Promise<ReturnType<CallHandler['handle']>> {
      const http = context.switchToHttp();
      await new Promise<void>((resolve, reject) => {
        const done: NextFunction = (error?: unknown) => (error ? reject(refusal(rules, error)) : resolve());
        void receive(http.getRequest<Request>(), http.getResponse<Response>(), done);
      });
      return next.handle();
    }
  }
  return mixin(MultipartUploadInterceptor);
}

function refusal({ refusals, otherwise }: UploadRules, error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  const { code, field } = error as { code?: unknown; field?: unknown };
  const said = typeof code === 'string' && Object.hasOwn(refusals, code) ? refusals[code as RefusalCode] : undefined;
  if (said !== undefined) return new BadRequestException(typeof said === 'string' ? said : said(String(field)));
  // Anything else comes from multer, or from parsing the request body (busboy: malformed part header, unexpected end of form, ...).
  return new BadRequestException(typeof otherwise === 'string' ? otherwise : otherwise(error instanceof multer.MulterError ? error.message : undefined));
}
