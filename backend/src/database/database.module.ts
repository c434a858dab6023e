import { Global, Module } from '@nestjs/common';
import { DatabaseEngine } from './database-engine';

/** The engine seam, available everywhere (the mongoose connection itself is set up in AppModule). */
@Global()
@Module({ providers: [DatabaseEngine], exports: [DatabaseEngine] })
export class DatabaseModule {}
