import type { Logger } from '@nestjs/common';
import type { ClusterBus } from '../common/cluster/cluster-bus';

/** The cluster bus topic the instances' catalogues talk on. */
export const TOPIC = 'catalogue';

/** Message to the other instances: products changed (read them again by id) or everything may have (read it all again). */
export interface ChangeMessage {
  id?: string;
  ids?: string[];
  reload?: true;
}

/** Other instances hear of this instance's stock changes in one message per this many milliseconds. */
const ANNOUNCE_DELAY_MS = 100;

/** Tells the other instances which products' availability this instance changed, in one message for the changes of a moment. */
export class StockAnnouncer {
  private readonly ids = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly cluster: ClusterBus,
    private readonly logger: Logger,
  ) {}

  add(id: string): void {
    this.ids.add(id);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      const ids = [...this.ids];
      this.ids.clear();
      void this.cluster
        .publish(TOPIC, { ids } satisfies ChangeMessage)
        .catch((error: Error) => this.logger.warn(`Could not announce stock changes: ${error.message}`));
    }, ANNOUNCE_DELAY_MS);
    this.timer.unref?.();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/** What open pages are told of a change: the catalogue's version, and the products changed (none: anything may have). */
export interface CatalogueChange {
  version: number;
  ids?: string[];
}

/** Changes of a moment are told in one push (a seller saving a form writes a product more than once). */
const PUSH_COALESCE_MS = 50;
/** More products than this changed at once (an import, a reload): "anything may have changed" says it in fewer bytes. */
export const MOST_IDS_PER_PUSH = 200;

/** The listeners of the catalogue's changes, each told once for the changes of a moment. */
export class ChangeWatchers {
  private readonly listeners = new Set<(change: CatalogueChange) => void>();
  private ids: Set<string> | 'all' = new Set();
  private timer: NodeJS.Timeout | undefined;
  private version = 0;

  constructor(private readonly logger: Logger) {}

  add(listener: (change: CatalogueChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Product `id` changed (told at the next `soon`). */
  note(id: string): void {
    if (this.ids !== 'all') this.ids.add(id);
  }

  /** Anything may have changed (everything was read again). */
  everything(): void {
    this.ids = 'all';
  }

  /** The noted changes are shown at `version`: told within PUSH_COALESCE_MS. */
  soon(version: number): void {
    this.version = version;
    if (this.ids !== 'all' && this.ids.size === 0) return;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.tell();
    }, PUSH_COALESCE_MS);
    this.timer.unref?.();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private tell(): void {
    const ids = this.ids;
    this.ids = new Set();
    const change: CatalogueChange = ids === 'all' || ids.size > MOST_IDS_PER_PUSH ? { version: this.version } : { version: this.version, ids: [...ids] };
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.logger.warn(`A listener of catalogue changes failed: ${(error as Error).message}`);
      }
    }
  }
}
