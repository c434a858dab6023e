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

  /** The instance (process) whose run holds it: its heartbeat (LockInstance) says whether it is alive. */
  @Prop({ type: String })
  instance?: string;
}

export const LockSchema = SchemaFactory.createForClass(Lock);

/**
 * The heartbeat of an instance holding lock documents, rewritten every second while it holds one (see
 * lock-watch.ts): a lock whose instance's heartbeat stops changing was left by an instance that died.
 */
@Schema({ collection: 'lock_instances', versionKey: false })
export class LockInstance {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: Date, required: true })
  beat: Date;
}

export const LockInstanceSchema = SchemaFactory.createForClass(LockInstance);
