import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { Lock, LockInstance, LockInstanceSchema, LockSchema } from './lock.schema';
import { LocksService } from './locks.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Lock.name, schema: LockSchema },
      { name: LockInstance.name, schema: LockInstanceSchema },
    ]),
  ],
  providers: [LocksService],
  exports: [LocksService],
})
export class LocksModule {}
