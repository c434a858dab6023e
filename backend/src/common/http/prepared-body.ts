import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { PERSONAL, PUBLIC_CATALOGUE } from './cache-control';

/**
 * A JSON answer serialised once, compressed at most once per encoding (gzip and brotli), and served many
 * times with an ETag. `compressed` says whether it is sent compressed at all (small answers are not).
 */
export interface PreparedBody {
  readonly identity: Buffer;
  readonly etag: string;
  readonly compressed: boolean;
  readonly gzip?: Buffer;
  readonly br?: Buffer;
}

/**
 * A page-sized answer, compressed in an encoding the first time a client asks for it: a search asked once
 * is compressed once, in the encoding its browser takes (brotli), not twice.
 */
class CompressedOnDemand implements PreparedBody {
  readonly compressed = true;
  private gzipped?: Buffer;
  private brotli?: Buffer;

  constructor(
    readonly identity: Buffer,
    readonly etag: string,
  ) {}

  get gzip(): Buffer {
    return (this.gzipped ??= gzipSync(this.identity, GZIP));
  }

  get br(): Buffer {
    return (this.brotli ??= brotliCompressSync(this.identity, brotli(this.identity.length)));
  }
}

/** Below this, compression saves less than it costs. */
const MIN_COMPRESS_BYTES = 1024;
/** Above this, compress off the event loop (the whole catalogue: megabytes at 10,000 products). */
const ASYNC_COMPRESS_BYTES = 256 * 1024;
/**
 * Brotli 5 compresses nearly as well as 11 on JSON at a small fraction of the time; it runs once per change.
 * The input's size is told to the encoder, which then sets up for that much (a page: about a quarter less time).
 */
const brotli = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});
const GZIP = { level: 6 };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function etagOf(identity: Buffer): string {
  // Weak: the same entity is served identity, gzip or brotli encoded.
  return `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 27)}"`;
}

/** Prepares a small answer (a page of products): compressed later, in each encoding the first time it is sent so. */
export function prepareSync(json: string): PreparedBody {
  const identity = Buffer.from(json);
  if (identity.length < MIN_COMPRESS_BYTES) return { identity, etag: etagOf(identity), compressed: false };
  return new CompressedOnDemand(identity, etagOf(identity));
}

/** Prepares an answer of any size; large ones are compressed on libuv's thread pool. */
export async function prepare(json: string): Promise<PreparedBody> {
  const identity = Buffer.from(json);
  if (identity.length < ASYNC_COMPRESS_BYTES) return prepareSync(json);
  const [gz, br] = await Promise.all([gzipAsync(identity, GZIP), brotliAsync(identity, brotli(identity.length))]);
  return { identity, gzip: gz, br, etag: etagOf(identity), compressed: true };
}

/** What the Accept-Encoding values seen so far allow (browsers send a handful of them). */
const acceptedBy = new Map<string, 'br' | 'gzip' | undefined>();
const ACCEPT_ENCODINGS_KEPT = 64;

/** The encoding to send: brotli, then gzip, when the client accepts it (q > 0); otherwise none. */
export function chooseEncoding(acceptEncoding: string | undefined, body: PreparedBody): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || !body.compressed) return undefined;
  if (acceptedBy.has(acceptEncoding)) return acceptedBy.get(acceptEncoding);
  const chosen = preferredEncoding(acceptEncoding);
  if (acceptedBy.size >= ACCEPT_ENCODINGS_KEPT) acceptedBy.delete(acceptedBy.keys().next().value!);
  acceptedBy.set(acceptEncoding, chosen);
  return chosen;
}

function preferredEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const wildcard = accepted.get('*');
  const ok = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

/** Whether If-None-Match names this entity (weak comparison, as RFC 9110 asks for GET). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends a prepared answer: 304 when the client has it, else the best encoding it accepts. Public
 * answers (the catalogue's) may be kept by a shared cache for a moment (PUBLIC_CATALOGUE); `personal`
 * answers (one shopper's) are for the browser's own cache only.
 */
export function sendPrepared(req: Request, res: Response, body: PreparedBody, { personal = false } = {}): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', personal ? PERSONAL : PUBLIC_CATALOGUE);
  // CORS headers are only sent to allowed origins, and CORS adds no Vary then: a shared cache must not
  // give an answer without them to an allowed origin. Added to what is there (res.vary).
  if (!personal) res.vary('Origin');
  // The rate limit counted this request, but a shared cache would give one client's count to the
  // others: a public answer carries none (a client over the limit still gets its 429 and Retry-After).
  if (!personal) for (const name of res.getHeaderNames()) if (name.startsWith('x-ratelimit-')) res.removeHeader(name);
  res.vary('Accept-Encoding');
  res.setHeader('ETag', body.etag);
  if (notModified(req.headers['if-none-match'], body.etag)) {
    res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'], body);
  const bytes = encoding ? body[encoding]! : body.identity;
  // Already encoded: the global compression middleware leaves it alone.
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.status(200).end(bytes);
}
