import type { IncomingMessage } from 'node:http';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { SOCKET_CONNECT_TIMEOUT_MS } from '@greencart/domain';
import { FOREIGN_ORIGIN_MESSAGE, requestOrigin } from '../common/security/same-origin';
import { allowedOrigins, type Environment } from '../config/environment';

/**
 * socket.io on the API's own port and origin (path /socket.io), with the one CORS origin HTTP allows.
 * With REDIS_URL, the Redis adapter carries room broadcasts between instances.
 */
export class ShopSocketAdapter extends IoAdapter {
  private readonly config: ConfigService<Environment, true>;
  private readonly logger = new Logger('Sockets');
  private clients: Redis[] = [];

  constructor(app: INestApplicationContext) {
    super(app);
    this.config = app.get<ConfigService<Environment, true>>(ConfigService);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const allowed = allowedOrigins({ FRONTEND_ORIGIN: this.config.get('FRONTEND_ORIGIN', { infer: true }) });
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      cors: { origin: allowed, credentials: true },
      connectTimeout: SOCKET_CONNECT_TIMEOUT_MS,
      maxHttpBufferSize: 64 * 1024,
      // Another website's page may not open a socket with the shopper's cookies (websockets skip CORS).
      allowRequest: (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
        const origin = requestOrigin(req.headers);
        const own = `${(req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0] ?? 'http'}://${req.headers.host ?? ''}`;
        const ok = origin === undefined || origin === own || (typeof origin === 'string' && allowed.includes(origin));
        callback(ok ? null : FOREIGN_ORIGIN_MESSAGE, ok);
      },
    }) as Server;
    const url = this.config.get('REDIS_URL', { infer: true });
    if (url) {
      const pub = new Redis(url, { maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      this.clients = [pub, sub];
      // Pushes to other instances are best effort: while Redis is away a publish fails (this instance's
      // own sockets were already served, and pages poll while they miss pushes) instead of crashing.
      const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
      (pub as unknown as { publish: typeof publish }).publish = (channel, message) => publish(channel, message).catch(() => 0);
      let warned = false;
      for (const client of this.clients) {
        client.on('error', (error: Error) => {
          if (!warned) this.logger.warn(`Redis for sockets: ${error.message}; pushes stay on this instance until it is back`);
          warned = true;
        });
        client.on('ready', () => (warned = false));
      }
      server.adapter(createAdapter(pub, sub, { key: `${this.config.get('REDIS_KEY_PREFIX', { infer: true })}socket.io` }));
    }
    return server;
  }

  async close(server: Server): Promise<void> {
    await super.close(server);
    // quit, not disconnect: commands still queued (the adapter's subscriptions) finish first instead of
    // failing; but never wait more than a second for a Redis that is away. A client that quit is not told to
    // disconnect as well: ioredis would wait 2 s for a close that has already happened (keeping the process up).
    await Promise.allSettled(
      this.clients.map((client) =>
        Promise.race([client.quit(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]).finally(
          () => client.status === 'end' || client.disconnect(),
        ),
      ),
    );
    this.clients = [];
  }
}
