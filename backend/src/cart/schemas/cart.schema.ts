import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/** A saved cart: product id (ObjectId hex) → quantity. */
export type CartItems = Record<string, number>;

/** One document per shopper, keyed by the shopper's id, so every read and write is an _id look-up. */
@Schema({ collection: 'carts', timestamps: true, minimize: false, versionKey: false })
export class Cart {
  /** The shopper's user id. */
  @Prop({ type: Types.ObjectId, required: true })
  _id: Types.ObjectId;

  @Prop({ type: Object, default: () => ({}) })
  items: CartItems;

  /** Bumped on every write, so a read-modify-write can detect a concurrent change (no transactions, docs/database.md). */
  @Prop({ default: 0 })
  version: number;

  /** What the shop took out of the cart since the shopper last looked (a product deleted from the catalogue). */
  @Prop({ type: [String], default: [] })
  notices: string[];
}

export const CartSchema = SchemaFactory.createForClass(Cart);
