import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One document per thing being changed (`cart:<userId>`, `product:<id>`, `order:<id>`).
 * FerretDB v1 does not apply concurrent updates of one document atomically (lost $inc, several
 * winners of a conditional update), but it does enforce a unique _id on insert: inserting this
 * document is taking the lock.
 */
@Schema({ collection: 'locks', versionKey: false })
export class Lock {
  @Prop({ type: String, required: true })
  _id: string;

  /** Who holds it, so a release never removes a lock taken over by someone else. */
  @Prop({ type: String, required: true })
  holder: string;

  /** When it was taken; older locks are stale (a crashed request) and may be taken over. No TTL index on FerretDB. */
  @Prop({ type: Date, required: true })
  at: Date;
}

export const LockSchema = SchemaFactory.createForClass(Lock);
