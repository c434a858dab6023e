import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { Error as MongooseError } from 'mongoose';

/** Driver errors that mean "the database is not answering", not "this request is wrong". */
const DATABASE_AWAY = new Set([
  'MongoUnexpectedServerResponseError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoExpiredSessionError',
  'PoolClearedOnNetworkError',
  'MongoWaitQueueTimeoutError',
  'MongoServerClosedError',
  'MongoOperationTimeoutError',
]);
/** Socket errors the driver lets through while the database process dies (no HTTP error reaches the filter with these). */
const CONNECTION_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);
/** MaxTimeMSExpired: a query ran past its time limit. */
const TIME_LIMIT_CODE = 50;
/**
 * Server answers meaning "stopping, restarting or not the primary now" (HostUnreachable, HostNotFound,
 * NetworkTimeout, ShutdownInProgress, PrimarySteppedDown, SocketException, NotWritablePrimary,
 * NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary, InterruptedAtShutdown, InterruptedDueToReplStateChange).
 */
const SERVER_AWAY_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 13435, 13436, 11600, 11602]);
/** Labels the driver puts on errors worth retrying once the server is back. */
const AWAY_LABELS = ['RetryableWriteError', 'ResetPool', 'TransientTransactionError'];
export const DATABASE_AWAY_MESSAGE = "The shop's database is not answering right now; please try again in a few seconds";
export const RETRY_AFTER_SECONDS = 5;

export function isDatabaseAway(error: unknown, depth = 0): boolean {
  const e = error as { name?: string; code?: unknown; message?: string; cause?: unknown; errorLabels?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    DATABASE_AWAY.has(e.name ?? '') ||
    e.code === TIME_LIMIT_CODE ||
    (typeof e.code === 'number' && SERVER_AWAY_CODES.has(e.code) && /^Mongo/.test(e.name ?? '')) ||
    (Array.isArray(e.errorLabels) && e.errorLabels.some((label) => AWAY_LABELS.includes(String(label)))) ||
    CONNECTION_CODES.has(String(e.code)) ||
    /buffering timed out|connection .* closed|Client must be connected|pool .* was cleared|interrupted due to server monitor timeout/i.test(e.message ?? '') ||
    // A driver error wrapping the network failure that caused it.
    (depth < 3 && e.cause !== undefined && isDatabaseAway(e.cause, depth + 1))
  );
}

/** A frame of the driver's own code (or its BSON parser), as source or as built. */
const DRIVER_FRAME = /[\\/]node_modules[\\/](?:\S*[\\/])?(?:mongodb|bson)[\\/]/;

/**
 * "The database is away", or an error the driver itself raised that is not the server's answer: a reply
 * that broke off or could not be read (a database dying mid-answer gives a RangeError out of the wire
 * parser). A 503, as the database being away; the server's own refusals (duplicate key, bad query)
 * and mongoose's cast and validation errors are not.
 */
export function isDatabaseFault(error: unknown): boolean {
  if (isDatabaseAway(error)) return true;
  if (!(error instanceof Error) || error instanceof MongooseError.CastError || error instanceof MongooseError.ValidationError) return false;
  if (['MongoServerError', 'MongoBulkWriteError', 'MongoWriteConcernError'].includes(error.name)) return false;
  const thrownAt = (error.stack ?? '').split('\n').find((line) => line.trimStart().startsWith('at ')) ?? '';
  return /^Mongo/.test(error.name) || DRIVER_FRAME.test(thrownAt);
}

/** An error and the chain of its causes, each with its stack, for the log. */
export function withCauses(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const own = error.stack ?? `${error.name}: ${error.message}`;
  return cause !== undefined && depth < 4 ? `${own}\nCaused by: ${withCauses(cause, depth + 1)}` : own;
}

/** Turns every error into `{ success: false, message }` with an honest status; never leaks internals. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');
  private lastAwayLog = 0;

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const { status, message } = this.describe(exception);
    const errors = exception instanceof HttpException ? (exception.getResponse() as { errors?: unknown }).errors : undefined;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    this.log(exception, status, message);
    if (response.headersSent) return;
    response.status(status).json(errors && typeof errors === 'object' ? { success: false, message, errors } : { success: false, message });
  }

  /**
   * Every 500 (and every database fault but "away") with its stack and causes; deliberate 5xx answers (a service away) as one line with their
   * cause when they have one, at most every few seconds for the database.
   */
  private log(exception: unknown, status: number, message: string) {
    if (status < 500) return;
    if (exception instanceof HttpException) {
      const cause = (exception as { cause?: unknown }).cause;
      if (status === HttpStatus.INTERNAL_SERVER_ERROR) return this.logger.error(`${status}: ${message}\n${withCauses(exception)}`);
      if (cause === undefined) return this.logger.warn(`${status}: ${message}`);
      return this.logger.warn(`${status}: ${message}; cause: ${isDatabaseAway(cause) ? (cause as Error).message : withCauses(cause)}`);
    }
    if (isDatabaseAway(exception)) {
      if (Date.now() - this.lastAwayLog > 5_000) this.logger.warn(`Database away: ${(exception as Error).message}`);
      this.lastAwayLog = Date.now();
      return;
    }
    // Every other 500, and a database fault other than "away" (worth its stack), with its causes.
    this.logger.error(`${status}: ${withCauses(exception)}`);
  }

  private describe(exception: unknown): { status: number; message: string } {
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: unknown }).message;
      const message = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : exception.message;
      return { status: exception.getStatus(), message };
    }
    if (exception instanceof MongooseError.CastError) {
      return { status: HttpStatus.BAD_REQUEST, message: `Invalid value for ${exception.path}` };
    }
    if (exception instanceof MongooseError.ValidationError) {
      return {
        status: HttpStatus.BAD_REQUEST,
        message: Object.values(exception.errors)
          .map((e) => e.message)
          .join('; '),
      };
    }
    if (isDatabaseFault(exception)) return { status: HttpStatus.SERVICE_UNAVAILABLE, message: DATABASE_AWAY_MESSAGE };
    // body-parser and multer errors carry a client status (400 bad JSON, 413 too large, 415 charset/encoding, ...).
    const status = (exception as { status?: unknown; statusCode?: unknown })?.status ?? (exception as { statusCode?: unknown })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const type = (exception as { type?: string }).type;
      const message =
        type === 'entity.parse.failed'
          ? 'Malformed JSON in request body'
          : type === 'entity.too.large'
            ? 'Request body is too large'
            : (exception as Error).message;
      return { status, message };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error' };
  }
}
