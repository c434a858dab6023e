import type { INestApplicationContext } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import Redis from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { SOCKET_CONNECT_TIMEOUT_MS } from '@greencart/domain';
import type { Environment } from '../config/environment';

/**
 * socket.io on the API's own port and origin (path /socket.io), with the one CORS origin HTTP allows.
 * With REDIS_URL, the Redis adapter carries room broadcasts between instances.
 */
export class ShopSocketAdapter extends IoAdapter {
  private readonly config: ConfigService<Environment, true>;
  private clients: Redis[] = [];

  constructor(app: INestApplicationContext) {
    super(app);
    this.config = app.get<ConfigService<Environment, true>>(ConfigService);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, {
      ...options,
      path: '/socket.io',
      cors: { origin: [this.config.get('FRONTEND_ORIGIN', { infer: true })], credentials: true },
      connectTimeout: SOCKET_CONNECT_TIMEOUT_MS,
      maxHttpBufferSize: 64 * 1024,
    }) as Server;
    const url = this.config.get('REDIS_URL', { infer: true });
    if (url) {
      const pub = new Redis(url, { maxRetriesPerRequest: 2 });
      const sub = pub.duplicate();
      this.clients = [pub, sub];
      server.adapter(createAdapter(pub, sub, { key: `${this.config.get('REDIS_KEY_PREFIX', { infer: true })}socket.io` }));
    }
    return server;
  }

  async close(server: Server): Promise<void> {
    await super.close(server);
    // quit, not disconnect: commands still queued (the adapter's subscriptions) finish first instead of failing.
    await Promise.allSettled(this.clients.map((client) => client.quit()));
    this.clients = [];
  }
}
