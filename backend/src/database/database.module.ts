import { Global, Module } from '@nestjs/common';
import { LockEngine } from '../common/locks/lock-engine';
import { DatabaseEngine } from './database-engine';
import { MonitorWatchdog } from './monitor-watchdog';

/**
 * The engine seam, available everywhere (the mongoose connection itself is set up in AppModule), and the driver's watchdog.
 * DatabaseEngine is also what common/locks asks for as LockEngine (declared there, so the arrow points down).
 */
@Global()
@Module({
  providers: [DatabaseEngine, { provide: LockEngine, useExisting: DatabaseEngine }, MonitorWatchdog],
  exports: [DatabaseEngine, LockEngine, MonitorWatchdog],
})
export class DatabaseModule {}
