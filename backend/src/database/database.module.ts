import { Global, Module } from '@nestjs/common';
import { DatabaseEngine } from './database-engine';
import { DatabaseHealth } from './database-health';
import { MonitorWatchdog } from './monitor-watchdog';

/** Which engine runs and whether it answers, available everywhere (the mongoose connection itself is set up in AppModule), and the driver's watchdog. */
@Global()
@Module({
  providers: [DatabaseEngine, DatabaseHealth, MonitorWatchdog],
  exports: [DatabaseEngine, DatabaseHealth, MonitorWatchdog],
})
export class DatabaseModule {}
