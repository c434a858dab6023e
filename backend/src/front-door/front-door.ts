/**
 * The front door: a small process of its own that holds the shop's port for the app (its parent, see
 * front-door-link.ts). It answers repeated public catalogue requests itself, with the bytes and headers
 * the app's full pipeline gave (a copy of the app's AnswerBook, kept current over IPC); a catalogue read
 * it has no answer for is answered by the app's pipeline over IPC, the connection staying here. Any
 * other request makes it hand the connection to the app with the bytes it has read: the app's HTTP
 * server then owns the connection as if it had accepted it (same socket, same client address).
 *
 * Why: the app's one event loop is busy with orders, so a catalogue request waited behind them (0.15× a
 * bare server while 50 shoppers order); here it is answered by a process the kernel schedules apart.
 *
 * Only a complete, plain HTTP/1.x GET or HEAD head in what has arrived is answered here; anything
 * unusual (a body, an upgrade, a folded or odd header, a head split over packets) goes to the app, whose
 * parser and checks decide. Answers given here are not request-logged (as the in-app fast path's).
 */
import { STATUS_CODES, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { createServer, type Socket } from 'node:net';
import proxyAddr from 'proxy-addr';
import { AnswerBook, fastAnswer, OverLimit, type AnswerChange, type FastAnswer, type SharedLimit } from '../products/catalogue-fast-path';
import { TOO_MANY_CONNECTIONS_MESSAGE } from '../common/http/connection-limits';
import { asBuffer, type FrontDoorSettings, type FromFrontDoor, type ToFrontDoor } from './front-door-protocol';

/** A request head longer than this is the app's to refuse (431). */
const MAX_HEAD_BYTES = 16 * 1024;
/** As the app's catalogue (PAGE_CACHE_SIZE). */
const ANSWERS_KEPT = 500;
/** Headers that need the app's parser (a body, a protocol switch, 100-continue). */
const APP_ONLY_HEADERS = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Reads the app answers for the front door when it has no answer of its own (what the catalogue serves). */
const CATALOGUE_PATHS = /^\/api\/(productList|products)(\/|\?|$)/;

const book = new AnswerBook(ANSWERS_KEPT);
const over = new OverLimit();
let counts = new Map<string, number>();
let settings: FrontDoorSettings;
let trust: (address: string, hop: number) => boolean = () => false;
const open = new Set<Socket>();
const perAddress = new Map<string, number>();
let closing = false;
const forwarded = new Map<number, (response: Extract<ToFrontDoor, { t: 'response' }>) => void>();
let lastForwarded = 0;

function send(message: FromFrontDoor, socket?: Socket): void {
  if (!process.connected) return;
  if (socket) process.send!(message, socket, { keepOpen: false }, (error: Error | null) => error && socket.destroy());
  else process.send!(message);
}

const limit: SharedLimit = {
  count(client) {
    counts.set(client, (counts.get(client) ?? 0) + 1);
  },
  isOver: (client) => over.has(client),
};

/** Express's compileTrust, for the same TRUST_PROXY setting. */
function compileTrust(value: boolean | number | string): (address: string, hop: number) => boolean {
  if (value === true) return () => true;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  if (typeof value === 'string')
    return proxyAddr.compile(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    );
  return () => false;
}

function bodyOf(change: AnswerChange): AnswerChange {
  if (change.kind !== 'answer') return change;
  const { body } = change.answer;
  return {
    ...change,
    answer: {
      ...change.answer,
      body: {
        etag: body.etag,
        identity: asBuffer(body.identity),
        ...(body.gzip ? { gzip: asBuffer(body.gzip) } : {}),
        ...(body.br ? { br: asBuffer(body.br) } : {}),
      },
    },
  };
}

interface Head {
  method: string;
  url: string;
  minor: number;
  headers: IncomingHttpHeaders;
}

/** A plain request head (without its final CRLF CRLF), or undefined for anything the app's parser should judge. */
function parseHead(text: string): Head | undefined {
  const lines = text.split('\r\n');
  const request = /^([A-Z]+) (\/[^\s]*) HTTP\/1\.([01])$/.exec(lines[0]);
  if (!request) return undefined;
  const headers: Record<string, string> = {};
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':');
    if (colon <= 0) return undefined;
    const name = lines[i].slice(0, colon).toLowerCase();
    if (!TOKEN.test(name) || APP_ONLY_HEADERS.has(name)) return undefined;
    const value = lines[i].slice(colon + 1).trim();
    if (/[\0\r\n]/.test(value)) return undefined;
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { method: request[1], url: request[2], minor: Number(request[3]), headers };
}

let dateLine = '';
let dateSecond = 0;
function date(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateLine = `Date: ${new Date(second * 1000).toUTCString()}\r\n`;
  }
  return dateLine;
}

function responseHead(answer: FastAnswer, keepAlive: boolean): string {
  let head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n`;
  for (const [name, value] of Object.entries(answer.headers as OutgoingHttpHeaders)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) head += `${name}: ${one}\r\n`;
  }
  head += date();
  head += keepAlive ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(settings.keepAliveMs / 1000)}\r\n\r\n` : 'Connection: close\r\n\r\n';
  return head;
}

/**
 * Stops this process reading the connection at once. Pausing the stream does not: the handle goes on
 * reading into the stream's buffer, and once sent it reads into nothing until the app has acknowledged
 * it, so bytes the client sends meanwhile (a websocket's first frame after the app's 101) would be lost
 * here instead of reaching the app. Node has no public call for it; `_handle.readStop` is what its own
 * `pause` uses for sockets that read into a buffer of their own.
 */
function stopReading(socket: Socket): void {
  const handle = (socket as unknown as { _handle?: { reading?: boolean; readStop?: () => number } })._handle;
  if (!handle?.readStop) return;
  handle.reading = false;
  handle.readStop();
}

function refuse(socket: Socket): void {
  const body = JSON.stringify({ success: false, message: TOO_MANY_CONNECTIONS_MESSAGE });
  socket.end(
    `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.destroySoon();
}

function accept(socket: Socket): void {
  const address = socket.remoteAddress ?? '';
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    open.delete(socket);
    if (trust(address, 0)) return;
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left > 0) perAddress.set(address, left);
    else perAddress.delete(address);
  };
  open.add(socket);
  socket.once('close', release);
  if (!trust(address, 0)) {
    const count = (perAddress.get(address) ?? 0) + 1;
    perAddress.set(address, count);
    if (count > settings.perAddress) return refuse(socket);
  }
  socket.setNoDelay(true);
  socket.setTimeout(settings.idleMs, () => socket.destroy());
  socket.on('error', () => socket.destroy());

  /** The client's address as Express gives it (trust proxy). */
  const clientIp = (head: Head) =>
    proxyAddr({ headers: head.headers, socket: { remoteAddress: address }, connection: { remoteAddress: address } } as never, trust);
  let pending: Buffer = Buffer.alloc(0);
  /** Whether the request at the head of `pending` waits for the app's answer. */
  let waiting = false;
  const onData = (chunk: Buffer) => {
    if (chunk.length) pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    if (waiting) return;
    while (pending.length) {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0 || end > MAX_HEAD_BYTES) return handOff();
      const head = parseHead(pending.toString('latin1', 0, end));
      const answer = head && fastAnswer(book, limit, head, () => clientIp(head));
      if (head && !answer && (head.method === 'GET' || head.method === 'HEAD') && CATALOGUE_PATHS.test(head.url)) return forward(head, end);
      if (!head || !answer) return handOff();
      if (!respond(head, end, answer)) return;
    }
  };

  /** Sends an answer to the request whose head ends at `end`; false when the connection closes after it. */
  const respond = (head: Head, end: number, answer: FastAnswer): boolean => {
    pending = pending.subarray(end + 4);
    const connection = head.headers.connection?.toLowerCase() ?? '';
    const keepAlive = !closing && (head.minor === 1 ? !/\bclose\b/.test(connection) : /\bkeep-alive\b/.test(connection));
    socket.cork();
    socket.write(responseHead(answer, keepAlive), 'latin1');
    if (answer.body) socket.write(answer.body);
    socket.uncork();
    if (!keepAlive) {
      socket.off('data', onData);
      socket.end();
      return false;
    }
    socket.setTimeout(settings.keepAliveMs);
    return true;
  };

  /** The app answers this catalogue request (the connection stays here); what came meanwhile waits. */
  const forward = (head: Head, end: number, full = false) => {
    waiting = true;
    socket.pause();
    // However long the app takes (respond sets the keep-alive time again).
    socket.setTimeout(0);
    const id = ++lastForwarded;
    forwarded.set(id, (response) => {
      forwarded.delete(id);
      waiting = false;
      if (socket.destroyed) return;
      if ('remembered' in response) {
        // Its answer has arrived here: answered as any other (or, after a change meanwhile, asked again).
        const answer = fastAnswer(book, limit, head, () => clientIp(head));
        if (!answer) return forward(head, end, true);
        if (!respond(head, end, answer)) return;
      } else {
        const headers: OutgoingHttpHeaders = { ...response.headers };
        const body = asBuffer(response.body);
        const bodyless = head.method === 'HEAD' || response.status === 204 || response.status === 304;
        if (!bodyless) headers['content-length'] = body.length;
        if (!respond(head, end, { status: response.status as FastAnswer['status'], headers, body: bodyless ? undefined : body })) return;
      }
      socket.resume();
      onData(Buffer.alloc(0));
    });
    send({ t: 'request', id, method: head.method, url: head.url, headers: head.headers, remoteAddress: address, full });
  };

  /** The app takes the connection over, with whatever was read and not answered here. */
  const handOff = () => {
    socket.off('data', onData);
    socket.pause();
    // What this process has read already goes with the connection; nothing more is read here (reading
    // the stream again would start the handle reading again).
    for (let more: Buffer | null; (more = socket.read() as Buffer | null) !== null;) pending = Buffer.concat([pending, more]);
    stopReading(socket);
    socket.setTimeout(0);
    const go = () => {
      if (socket.destroyed) return;
      release();
      send({ t: 'connection', data: pending }, socket);
    };
    if (socket.writableLength > 0) socket.once('drain', go);
    else go();
  };
  socket.on('data', onData);
}

const server = createServer(accept);
server.on('error', (error: NodeJS.ErrnoException) => {
  send({ t: 'listen-failed', code: error.code, message: error.message });
  process.exit(1);
});

/** Answered requests reach the app's shared rate limit this often. */
const COUNT_EVERY_MS = 100;
setInterval(() => {
  if (!counts.size) return;
  send({ t: 'counts', counts: [...counts] });
  counts = new Map();
}, COUNT_EVERY_MS);

process.on('message', (message: ToFrontDoor) => {
  switch (message.t) {
    case 'listen':
      settings = message.settings;
      trust = compileTrust(settings.trustProxy);
      server.listen(settings.port, () => send({ t: 'listening', port: (server.address() as { port: number }).port }));
      break;
    case 'answers':
      for (const change of message.changes) book.apply(bodyOf(change));
      break;
    case 'response':
      forwarded.get(message.id)?.(message);
      break;
    case 'over':
      over.mark(message.client, message.until);
      break;
    case 'close':
      closing = true;
      server.close();
      for (const socket of open) if (socket.writableLength === 0) socket.end();
      break;
  }
});

// Without the app there is nothing to hand connections to: the front door goes with it.
process.on('disconnect', () => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined); // the app stops it (a terminal's Ctrl-C reaches both)
