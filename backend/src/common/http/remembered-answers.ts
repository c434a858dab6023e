import type { NextFunction, Request, Response } from 'express';
import type { OutgoingHttpHeaders } from 'node:http';
import { chooseEncoding, notModified, type PreparedBody } from './prepared-body';

/** A public answer the full pipeline has already given for one exact URL, at one version of what it shows. */
export interface RememberedAnswer {
  version: number;
  body: PreparedBody;
  /** What the full pipeline sent besides the body (security headers, Vary, Cache-Control...). */
  headers: OutgoingHttpHeaders;
  /** A whole list: still answered after a change of availability only, until its next bytes are ready. */
  list?: boolean;
}

/**
 * The answers that may be given again, by exact URL: each was given by the full pipeline at one
 * version, and is dropped once the version changes; a whole-list answer outlives a change of
 * availability only (the list is a second or so older) until it is given again with the next bytes.
 * The least recently kept goes first when `capacity` is reached.
 */
export class AnswerBook {
  private readonly answers = new Map<string, RememberedAnswer>();
  private version = 0;
  private fullChangeVersion = 0;

  constructor(private readonly capacity: number) {}

  /** Keeps an answer given at the current version (one of an older version is ignored). */
  set(url: string, answer: RememberedAnswer): void {
    if (answer.version !== this.version) return;
    // Most recently kept last, so that the oldest is the first to go.
    this.answers.delete(url);
    if (this.answers.size >= this.capacity) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(url, answer);
  }

  /** What is shown is at `version` now; `full` when more than availability changed. */
  changed(version: number, full: boolean): void {
    this.version = version;
    if (full) this.fullChangeVersion = version;
    for (const [url, answer] of this.answers) if (!this.valid(answer)) this.answers.delete(url);
  }

  /** The URLs whose whole-list answer awaits the next bytes. */
  staleLists(): string[] {
    return [...this.answers].filter(([, answer]) => answer.list && answer.version !== this.version).map(([url]) => url);
  }

  remembered(url: string): RememberedAnswer | undefined {
    const answer = this.answers.get(url);
    return answer && this.valid(answer) ? answer : undefined;
  }

  private valid(answer: RememberedAnswer): boolean {
    return answer.version === this.version || (answer.list === true && answer.version >= this.fullChangeVersion);
  }
}

/** Headers that belong to one answer or one request, never replayed (and the rate limit's count at that moment). */
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
  'retry-after',
  'x-powered-by',
]);
const isOwnHeader = (name: string) => OWN_HEADERS.has(name) || name.startsWith('x-ratelimit-');

export function replayableHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!isOwnHeader(name.toLowerCase()) && value !== undefined) kept[name] = value;
  return kept;
}

type Encoding = 'br' | 'gzip' | undefined;
/** Header lines as `writeHead` takes them: name, value, name, value… */
type HeaderLines = (string | number | string[])[];

/** The header lines of one remembered answer in each way it is sent, made once (not per request). */
const headerLines = new WeakMap<RememberedAnswer, Map<Encoding | 304, HeaderLines>>();

function linesOf(answer: RememberedAnswer, how: Encoding | 304): HeaderLines {
  let made = headerLines.get(answer);
  if (!made) headerLines.set(answer, (made = new Map()));
  let lines = made.get(how);
  if (!lines) {
    const { body } = answer;
    const headers: OutgoingHttpHeaders = { ...answer.headers, etag: body.etag };
    if (how === 304) delete headers['content-type'];
    else {
      headers['content-length'] = (how ? body[how]! : body.identity).length;
      if (how) headers['content-encoding'] = how;
    }
    lines = Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [name, value]));
    made.set(how, lines);
  }
  return lines;
}

export interface AnswerSource {
  remembered(url: string): RememberedAnswer | undefined;
}

/**
 * The shop's per-client rate limit as replayed answers use it: every request answered is counted in
 * the same limiter as the rest (Redis across instances when set), without waiting for the count; a
 * client the limiter says is over its limit goes to the full pipeline, which answers 429.
 */
export interface SharedLimit {
  count(client: string): void;
  isOver(client: string): boolean;
}

/** Clients a shared limit found over it, each until its window ends. */
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

/**
 * Express middleware answering a repeated public request (same URL, same version) with the bytes and
 * headers the full pipeline produced the first time, before the rest of the middleware, guards and
 * pipes run: validation and security headers were all decided then. Requests naming an Origin (CORS)
 * or from a client over the shared rate limit take the full pipeline; so does everything else.
 * Answers given here are not request-logged.
 */
export function answerFromMemory(source: AnswerSource, limit: SharedLimit) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.origin !== undefined) return next();
    const answer = source.remembered(req.originalUrl);
    if (!answer) return next();
    // The client's address with the app's trust proxy setting.
    const client = req.ip ?? '';
    if (limit.isOver(client)) return next();
    limit.count(client);

    const { body } = answer;
    if (notModified(req.headers['if-none-match'], body.etag)) {
      res.writeHead(304, linesOf(answer, 304) as never);
      res.end();
      return;
    }
    const encoding = chooseEncoding(req.headers['accept-encoding'], body);
    const bytes = encoding ? body[encoding]! : body.identity;
    res.writeHead(200, linesOf(answer, encoding) as never);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  };
}
