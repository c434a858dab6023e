import type { ChatAck } from '@greencart/domain';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for a socket.io client socket, for component tests: `vi.mock('socket.io-client')` hands
 * it out from `io()`. The test plays the server: `connectNow()`, `push(event, payload)`, and
 * `answer` for what an emit is acknowledged with.
 */
export class FakeSocket {
  connected = false;
  active = true;
  readonly options: unknown;
  readonly emitted: { event: string; payload: unknown }[] = [];
  answer: (event: string, payload: unknown) => ChatAck = () => ({ success: false, message: 'No answer set in this test' });
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(options: unknown) {
    this.options = options;
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  connect() {
    this.active = true;
    return this;
  }

  disconnect() {
    this.connected = false;
    this.active = false;
    return this;
  }

  timeout() {
    return {
      emitWithAck: async (event: string, payload: unknown) => {
        this.emitted.push({ event, payload });
        return this.answer(event, payload);
      },
    };
  }

  /** The server accepted the connection. */
  connectNow() {
    this.connected = true;
    this.fire('connect');
  }

  /** The server sent `event`. */
  push(event: string, payload: unknown) {
    this.fire(event, payload);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}
