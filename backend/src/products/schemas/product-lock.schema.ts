import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One document per product the seller is changing. FerretDB v1 does not apply concurrent updates
 * of one document atomically (several winners of a conditional update), but it does enforce
 * unique _id on insert, so inserting this document is the lock (as cart_locks does for carts).
 */
@Schema({ collection: 'product_locks', versionKey: false })
export class ProductLock {
  /** The product id. */
  @Prop({ type: String, required: true })
  _id: string;

  /** Who holds it, so a release never removes a lock taken over by someone else. */
  @Prop({ type: String, required: true })
  holder: string;

  /** When it was taken; older locks are stale (a crashed request) and may be taken over. No TTL index on FerretDB. */
  @Prop({ type: Date, required: true })
  at: Date;
}

export const ProductLockSchema = SchemaFactory.createForClass(ProductLock);
