import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { chooseEncoding, type PreparedBody } from '../common/http/prepared-body';

/** A public catalogue answer the full pipeline has already given for one exact URL, at one catalogue version. */
export interface RememberedAnswer {
  version: number;
  body: PreparedBody;
  /** What the full pipeline sent besides the body (security headers, Vary, Cache-Control...). */
  headers: OutgoingHttpHeaders;
  /** The whole catalogue (productList): still answered after a change of availability only, until its next bytes are ready. */
  list?: boolean;
}

/** A change of an AnswerBook, as its copy in another process (the front door) applies it. */
export type AnswerChange = { kind: 'answer'; url: string; answer: RememberedAnswer } | { kind: 'version'; version: number; fullChangeVersion: number };

/**
 * The answers catalogueFastPath may give, by exact URL: each was given by the full pipeline at one
 * catalogue version, and is dropped once the catalogue changes; a whole-catalogue answer outlives a
 * change of availability only (the list is a second or so older, as STOCK_COALESCE_MS allows) until
 * the catalogue gives it again with the next bytes. `onChange` sees every change, so that a copy
 * kept by `apply` in another process answers the same.
 */
export class AnswerBook implements FastPathSource {
  private readonly answers = new Map<string, RememberedAnswer>();
  private version = 0;
  private fullChangeVersion = 0;

  constructor(
    private readonly capacity: number,
    private readonly onChange?: (change: AnswerChange) => void,
  ) {}

  /** Keeps an answer given at the current version (one of an older version is ignored). */
  set(url: string, answer: RememberedAnswer): void {
    if (answer.version !== this.version) return;
    const known = this.answers.get(url);
    // The same answer again (requests that took the full pipeline at once): nothing changes.
    if (known && known.version === answer.version && known.body === answer.body && known.list === answer.list) return;
    this.keep(url, answer);
    this.onChange?.({ kind: 'answer', url, answer });
  }

  /** The catalogue is at `version` now; `full` when more than availability changed. */
  changed(version: number, full: boolean): void {
    this.version = version;
    if (full) this.fullChangeVersion = version;
    for (const [url, answer] of this.answers) if (!this.valid(answer)) this.answers.delete(url);
    this.onChange?.({ kind: 'version', version, fullChangeVersion: this.fullChangeVersion });
  }

  /** The URLs whose whole-catalogue answer awaits the next bytes. */
  staleLists(): string[] {
    return [...this.answers].filter(([, answer]) => answer.list && answer.version !== this.version).map(([url]) => url);
  }

  remembered(url: string): RememberedAnswer | undefined {
    const answer = this.answers.get(url);
    return answer && this.valid(answer) ? answer : undefined;
  }

  /** The changes that make an empty copy equal to this book. */
  snapshot(): AnswerChange[] {
    return [
      { kind: 'version', version: this.version, fullChangeVersion: this.fullChangeVersion },
      ...[...this.answers].map(([url, answer]): AnswerChange => ({ kind: 'answer', url, answer })),
    ];
  }

  /** Applies a change seen by another book's onChange. */
  apply(change: AnswerChange): void {
    if (change.kind === 'answer') {
      this.keep(change.url, change.answer);
    } else {
      this.version = change.version;
      this.fullChangeVersion = change.fullChangeVersion;
      for (const [url, answer] of this.answers) if (!this.valid(answer)) this.answers.delete(url);
    }
  }

  /** Most recently kept last, so that the oldest is the first to go. */
  private keep(url: string, answer: RememberedAnswer): void {
    this.answers.delete(url);
    if (this.answers.size >= this.capacity) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(url, answer);
  }

  private valid(answer: RememberedAnswer): boolean {
    return answer.version === this.version || (answer.list === true && answer.version >= this.fullChangeVersion);
  }
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

/** Clients a shared limit found over it, each until its window ends (the fast path's side of SharedLimit). */
export class OverLimit {
  private readonly until = new Map<string, number>();

  mark(client: string, until: number): void {
    this.until.set(client, until);
  }

  has(client: string): boolean {
    const until = this.until.get(client);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.until.delete(client);
    return false;
  }
}

/** What the fast path looks at in a request (Node's IncomingMessage, or a head the front door read). */
export interface FastRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

/** What the fast path answers (headers without Date and Connection, which the server adds). */
export interface FastAnswer {
  status: 200 | 304;
  headers: OutgoingHttpHeaders;
  /** Undefined for 304 and HEAD. */
  body?: Buffer;
}

/**
 * The fast path's answer to a request, or undefined when the full pipeline must answer it: only a GET
 * or HEAD without an Origin, for a URL the source remembers, from a client under the shared limit
 * (counted here). `ip` is the client's address as Express sees it (trust proxy).
 */
export function fastAnswer(source: FastPathSource, limit: SharedLimit, req: FastRequest, ip: () => string): FastAnswer | undefined {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.origin !== undefined || !req.url) return undefined;
  const answer = source.remembered(req.url);
  if (!answer) return undefined;
  const client = ip();
  if (limit.isOver(client)) return undefined;
  limit.count(client);

  const { body } = answer;
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag.replace(/^W\//, ''))) {
    const headers: OutgoingHttpHeaders = { ...answer.headers, etag: body.etag };
    delete headers['content-type'];
    return { status: 304, headers };
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'], body);
  const bytes = encoding ? body[encoding]! : body.identity;
  const headers: OutgoingHttpHeaders = { ...answer.headers, etag: body.etag, 'content-length': bytes.length };
  if (encoding) headers['content-encoding'] = encoding;
  return { status: 200, headers, body: req.method === 'HEAD' ? undefined : bytes };
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
    const answer = fastAnswer(source, limit, req, () => clientIp(req));
    if (!answer) return false;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    return true;
  };
}
