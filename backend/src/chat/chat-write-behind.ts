import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { WriteBatcher } from '../common/batching/write-batcher';
import { pause } from '../common/time/pause';
import { ChatConversations } from './chat-conversations';
import { ChatHistory } from './chat-history';
import { ChatInbox } from './chat-inbox';

/** How often rows and pages are written behind the messages, and how many conversations in one write. */
const FLUSH_EVERY_MS = 10_000;
const FLUSH_CHUNK = 5;
/** The pause between two writes behind, for the messages waiting behind them (the database does one command at a time). */
const PAUSE_MS = 10;

/**
 * Inbox rows and pages of history of the conversations this instance stored messages in, written
 * behind the messages every FLUSH_EVERY_MS and when the app stops: a few conversations at a time with
 * a pause between, so that a long write never holds up the messages waiting behind it. They are read
 * models of the messages: a row or page left behind (a crash) is caught up after the next start-up.
 */
@Injectable()
export class ChatWriteBehind implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ChatWriteBehind');
  private readonly writes = new WriteBatcher<string>({ maxBatch: FLUSH_CHUNK, write: (userIds) => this.write(userIds) });
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** Callers waiting for everything to be written: no pauses meanwhile. */
  private hurried = 0;

  constructor(
    private readonly conversations: ChatConversations,
    private readonly history: ChatHistory,
    private readonly inbox: ChatInbox,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(
      () => void this.flush().catch((error: Error) => this.logger.warn(`Chat rows not written behind (tried again): ${error.message}`)),
      FLUSH_EVERY_MS,
    );
    this.timer.unref();
  }

  /** Rows and pages written before the database connection closes. */
  async beforeApplicationShutdown() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.flush({ all: true }).catch((error: Error) => this.logger.warn(`Chat rows not written at shutdown: ${error.message}`));
  }

  /**
   * Writes the rows and pages of the conversations behind (none while a write behind is under way: it
   * settles with that one). `all` writes every one, those behind meanwhile too, without pauses.
   */
  async flush({ all = false } = {}): Promise<void> {
    if (all) this.hurried++;
    try {
      do {
        if (!this.writes.idle) {
          await this.writes.flush();
          if (!all) return;
        }
        const userIds = this.conversations.takeBehind();
        if (!userIds.length) return;
        const results = await Promise.allSettled(userIds.map((userId) => this.writes.add(userId)));
        const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failed) throw failed.reason;
      } while (all);
    } finally {
      if (all) this.hurried--;
    }
  }

  private async write(userIds: string[]): Promise<void> {
    try {
      const pagedTo = await this.history.writePages(userIds);
      await this.inbox.writeRows(userIds, pagedTo);
      for (const [userId, paged] of pagedTo) this.conversations.setPaged(userId, paged);
    } catch (error) {
      for (const userId of userIds) this.conversations.markBehind(userId);
      throw error;
    }
    if (!this.stopped && !this.hurried) await pause(PAUSE_MS, { unref: true });
  }
}
