import { randomBytes } from 'node:crypto';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import Redis from 'ioredis';
import type { Environment } from '../../config/environment';

/** What a topic's subscriber is told: a message from another instance, or that messages may have been lost. */
export interface TopicListener<T> {
  /** A message another instance published (never one of this instance's own). */
  message(message: T): void;
  /**
   * Messages may have been missed (Redis was away and is back): forget what other instances could
   * have changed meanwhile.
   */
  resync(): void;
}

interface Envelope {
  from: string;
  body: unknown;
}

/**
 * Tells the other instances of the shop what this one changed, so that what each keeps in memory
 * (the catalogue, order pages, session checks) is never more than a moment behind. With REDIS_URL,
 * one pub/sub channel per topic; without it the shop runs as one instance per database (the
 * embedded database's folder lock guarantees it; several instances need REDIS_URL, see docs/operations.md) and
 * publishing does nothing. Best effort: a message lost while Redis is away is made up for by
 * `resync` when it is back.
 */
@Injectable()
export class ClusterBus implements OnApplicationShutdown {
  private readonly logger = new Logger('ClusterBus');
  private readonly instance = randomBytes(8).toString('hex');
  private readonly prefix: string;
  private readonly listeners = new Map<string, TopicListener<unknown>[]>();
  private publisher?: Redis;
  private subscriber?: Redis;

  constructor(config: ConfigService<Environment, true>) {
    this.prefix = config.get('REDIS_KEY_PREFIX', { infer: true });
    const url = config.get('REDIS_URL', { infer: true });
    if (url) this.connect(url);
  }

  /** Whether other instances can exist (REDIS_URL is set). */
  get shared(): boolean {
    return this.publisher !== undefined;
  }

  subscribe<T>(topic: string, listener: TopicListener<T>): void {
    const channel = this.prefix + topic;
    const list = this.listeners.get(channel) ?? [];
    list.push(listener as TopicListener<unknown>);
    this.listeners.set(channel, list);
    if (this.subscriber?.status === 'ready') void this.subscriber.subscribe(channel).catch(() => undefined);
  }

  async publish(topic: string, body: unknown): Promise<void> {
    if (!this.publisher) return;
    const envelope: Envelope = { from: this.instance, body };
    await this.publisher.publish(this.prefix + topic, JSON.stringify(envelope)).catch(() => 0);
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }

  private connect(url: string): void {
    this.publisher = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 500,
      connectTimeout: 1_000,
      retryStrategy: () => 500,
    });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 1_000, retryStrategy: () => 500 });
    let warned = false;
    let subscribedOnce = false;
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => {
        if (!warned) this.logger.warn(`Redis for changes between instances: ${error.message}; other instances' changes arrive when it is back`);
        warned = true;
      });
    }
    this.subscriber.on('ready', () => {
      warned = false;
      const channels = [...this.listeners.keys()];
      if (channels.length) void this.subscriber!.subscribe(...channels).catch(() => undefined);
      // Messages sent while this instance was not listening are lost.
      if (subscribedOnce) for (const listener of [...this.listeners.values()].flat()) this.safely(() => listener.resync());
      subscribedOnce = true;
    });
    this.subscriber.on('message', (channel: string, text: string) => {
      const listeners = this.listeners.get(channel);
      if (!listeners) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(text) as Envelope;
      } catch {
        return;
      }
      if (envelope.from === this.instance) return;
      for (const listener of listeners) this.safely(() => listener.message(envelope.body));
    });
  }

  private safely(work: () => void): void {
    try {
      work();
    } catch (error) {
      this.logger.warn(`A change from another instance could not be applied: ${(error as Error).message}`);
    }
  }
}
