import { Global, Module } from '@nestjs/common';
import { DatabaseEngine } from './database-engine';
import { MonitorWatchdog } from './monitor-watchdog';

/** The engine seam, available everywhere (the mongoose connection itself is set up in AppModule), and the driver's watchdog. */
@Global()
@Module({ providers: [DatabaseEngine, MonitorWatchdog], exports: [DatabaseEngine, MonitorWatchdog] })
export class DatabaseModule {}
