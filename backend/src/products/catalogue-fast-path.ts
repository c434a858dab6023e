import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { chooseEncoding, type PreparedBody } from '../common/http/prepared-body';

/** A public catalogue answer the full pipeline has already given for one exact URL, at one catalogue version. */
export interface RememberedAnswer {
  version: number;
  body: PreparedBody;
  /** What the full pipeline sent besides the body (security headers, Vary, Cache-Control...). */
  headers: OutgoingHttpHeaders;
}

/** Headers that belong to one answer or one request, never replayed. */
const OWN_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
  'set-cookie',
  'x-request-id',
  'transfer-encoding',
]);

export function replayableHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!OWN_HEADERS.has(name.toLowerCase()) && value !== undefined) kept[name] = value;
  return kept;
}

export interface FastPathSource {
  remembered(url: string): RememberedAnswer | undefined;
}

/**
 * The shop's per-client rate limit as the fast path uses it: every request it answers is counted in the
 * same limiter as the rest (Redis across instances when set), without waiting for the count; a client the
 * limiter says is over its limit goes to the full pipeline, which answers 429.
 */
export interface SharedLimit {
  count(client: string): void;
  isOver(client: string): boolean;
}

/**
 * Serves a repeated public catalogue request (same URL, catalogue unchanged) with the bytes and headers
 * the full pipeline produced the first time, before Express and its middleware, guards and pipes run:
 * validation and security headers were all decided then. Requests naming an Origin (CORS) or from a
 * client over the shared rate limit take the full pipeline; so does everything else. Answers served
 * here are not request-logged. Returns whether it answered; `clientIp` is the client's address as
 * Express sees it (trust proxy).
 */
export function catalogueFastPath(source: FastPathSource, limit: SharedLimit, clientIp: (req: IncomingMessage) => string) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.origin !== undefined || !req.url) return false;
    const answer = source.remembered(req.url);
    if (!answer) return false;
    const ip = clientIp(req);
    if (limit.isOver(ip)) return false;
    limit.count(ip);

    const { body } = answer;
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag.replace(/^W\//, ''))) {
      const headers: OutgoingHttpHeaders = { ...answer.headers, etag: body.etag };
      delete headers['content-type'];
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], body);
    const bytes = encoding ? body[encoding]! : body.identity;
    const headers: OutgoingHttpHeaders = { ...answer.headers, etag: body.etag, 'content-length': bytes.length };
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : bytes);
    return true;
  };
}
