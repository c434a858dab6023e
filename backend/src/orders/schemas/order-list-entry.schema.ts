import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

/**
 * One place in a list of orders, newest last: `_id` is `<list>#<n>` (the n-th order of the list,
 * counting from 0), e.g. `shopper:<userId>#3` or `seller#1041`. A place is taken by a unique insert of
 * its `_id`, which every engine enforces (unlike concurrent updates of one document), and every
 * read of a list is a read by `_id`, which every engine answers from its `_id` index.
 */
@Schema({ collection: 'order_lists', versionKey: false })
export class OrderListEntry {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  order: Types.ObjectId;
}

export const OrderListEntrySchema = SchemaFactory.createForClass(OrderListEntry);
