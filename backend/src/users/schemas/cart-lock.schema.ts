import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One document per shopper whose cart is being changed. FerretDB v1 does not apply concurrent
 * updates of one document atomically (lost $inc, several winners of a conditional update), but it
 * does enforce unique _id on insert, so inserting this document is the lock.
 */
@Schema({ collection: 'cart_locks', versionKey: false })
export class CartLock {
  /** The user id. */
  @Prop({ type: String, required: true })
  _id: string;

  /** Who holds it, so a release never removes a lock taken over by someone else. */
  @Prop({ required: true })
  holder: string;

  /** When it was taken; older locks are stale (a crashed request) and may be taken over. No TTL index on FerretDB. */
  @Prop({ required: true })
  at: Date;
}

export const CartLockSchema = SchemaFactory.createForClass(CartLock);
