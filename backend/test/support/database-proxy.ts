import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP hop between one app and the shared test database server, to give that app (only) a database
 * fault: `cut` drops every connection and refuses new ones (the database killed), `garbage` answers
 * every request with bytes that are not a MongoDB reply (a database dying mid-answer), `pass` heals.
 */
export class DatabaseProxy {
  mode: 'pass' | 'cut' | 'garbage' = 'pass';
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  uri = '';

  constructor(private readonly target: string) {}

  async start(): Promise<this> {
    const { hostname, port } = new URL(this.target);
    this.server = createServer((client) => {
      if (this.mode === 'cut') return void client.destroy();
      const upstream = connect(Number(port), hostname);
      this.sockets.add(client).add(upstream);
      const forget = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', forget).on('close', forget);
      upstream.on('error', forget).on('close', forget);
      client.on('data', (chunk: Buffer) => {
        if (this.mode === 'pass') return void upstream.write(chunk);
        if (this.mode === 'cut') return forget();
        // A reply header whose length says 16 bytes and an opcode no driver knows, then the connection ends.
        const header = Buffer.alloc(16);
        header.writeInt32LE(16, 0);
        header.writeInt32LE(0x7fff, 12);
        client.end(header);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (this.mode === 'pass') client.write(chunk);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.uri = `mongodb://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
    return this;
  }

  /** Every connection made so far ends now (the new mode applies to what comes next). */
  set(mode: 'pass' | 'cut' | 'garbage'): void {
    this.mode = mode;
    if (mode !== 'pass') for (const socket of this.sockets) socket.destroy();
  }

  stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
