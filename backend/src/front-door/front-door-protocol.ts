import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { AnswerChange } from '../products/catalogue-fast-path';

/** What the front door needs to listen and to treat connections as the app's HTTP server does. */
export interface FrontDoorSettings {
  port: number;
  /** TRUST_PROXY as Express has it (true/false, a hop count, or a list of addresses / names). */
  trustProxy: boolean | number | string;
  /** Open connections one client address may hold here (a trusted proxy's are not counted). */
  perAddress: number;
  /** A connection that has sent nothing this long is closed. */
  idleMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveMs: number;
}

/** Messages from the app to its front door. */
export type ToFrontDoor =
  | { t: 'listen'; settings: FrontDoorSettings }
  | { t: 'answers'; changes: AnswerChange[] }
  /** A client the shared rate limit found over its limit, until then (ms since the epoch): its requests go to the app (429). */
  | { t: 'over'; client: string; until: number }
  /** The app is stopping: take no new connections and close the idle ones. */
  | { t: 'close' }
  /**
   * The answer to `request`: the app's answer to send, or `remembered` when the app had an answer for
   * it, which has then arrived before this message (every change of the app's answers is sent at once).
   */
  | { t: 'response'; id: number; remembered: true }
  | { t: 'response'; id: number; status: number; headers: OutgoingHttpHeaders; body: Uint8Array };

/** Messages from the front door to the app; `connection` comes with the socket. */
export type FromFrontDoor =
  | { t: 'listening'; port: number }
  | { t: 'listen-failed'; code?: string; message: string }
  /** A connection for the app, with the bytes already read from it (a request the front door did not answer, and any after it). */
  | { t: 'connection'; data: Uint8Array }
  /** Requests answered per client address since the last count. */
  | { t: 'counts'; counts: [string, number][] }
  /**
   * A catalogue GET or HEAD the front door has no answer for, for the app's full pipeline to answer
   * (the connection stays with the front door); `remoteAddress` is the connection's; `full` when a
   * remembered answer may not be used (the client is over the rate limit).
   */
  | { t: 'request'; id: number; method: string; url: string; headers: IncomingHttpHeaders; remoteAddress: string; full?: boolean };

/** A Buffer over bytes that came through the IPC channel (structured clone gives Uint8Array views). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
