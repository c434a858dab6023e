import { Module } from '@nestjs/common';
import { MigrationRunner } from './migration-runner';

/** The start-up data migrations' runner: features register their migrations with it (see MigrationRunner). */
@Module({
  providers: [MigrationRunner],
  exports: [MigrationRunner],
})
export class MigrationsModule {}
