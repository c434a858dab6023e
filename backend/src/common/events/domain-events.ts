import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';

/**
 * Publishes a domain event (`order.placed`, `order.status-changed`, `order.paid`, `payment.*`,
 * `chat.message`) after the write it describes succeeded, and waits for the listeners. The write is
 * the commit point: a listener that fails is logged and never turns the stored change into an error.
 */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger(DomainEvents.name);

  constructor(private readonly emitter: EventEmitter2) {}

  async publish(name: string, payload: object): Promise<void> {
    try {
      await this.emitter.emitAsync(name, payload);
    } catch (error) {
      this.logger.error(`A listener of ${name} failed after the change was stored: ${(error as Error)?.stack ?? String(error)}`);
    }
  }
}
