import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';

/**
 * Every domain event's name and payload, in one typed map. Each module adds its own events to it, in its
 * `*.events.ts` beside the code that publishes them (`declare module` of this file), so this floor does not
 * import the modules above it; docs/architecture.md lists them all with their publishers and listeners.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEventMap {}

export type DomainEventName = keyof DomainEventMap;

/**
 * Publishes a domain event (`order.placed`, `order.status-changed`, `order.paid`, `payment.*`,
 * `chat.message`, …) after the write it describes succeeded, and waits for the listeners. The write is
 * the commit point: a listener that fails is logged and never turns the stored change into an error.
 * Listeners that send mail or push or count figures queue their work and return at once, so they never
 * hold the request that published the event.
 */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger(DomainEvents.name);

  constructor(private readonly emitter: EventEmitter2) {}

  async publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    try {
      await this.emitter.emitAsync(name, payload);
    } catch (error) {
      this.logger.error(`A listener of ${name} failed after the change was stored: ${(error as Error)?.stack ?? String(error)}`);
    }
  }
}

/** Listens to one domain event; the handler's parameter must be that event's payload (checked by the compiler). */
export function OnDomainEvent<K extends DomainEventName>(name: K) {
  const listen = OnEvent(name);
  return <H extends (event: DomainEventMap[K]) => unknown>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>) => {
    listen(target, key, descriptor);
  };
}
