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
