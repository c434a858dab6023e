import { Global, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { DomainEvents } from './domain-events';

/** The event bus (@nestjs/event-emitter) and the publisher every module uses after its writes. */
@Global()
@Module({
  imports: [EventEmitterModule.forRoot({ wildcard: false, ignoreErrors: false })],
  providers: [DomainEvents],
  exports: [DomainEvents],
})
export class DomainEventsModule {}
