import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * Work that must follow an order change even if the process stops right after it (`giveback:<orderId>`:
 * a cancelled order's units go back on the count). Removed once done; the sweep reads the few left.
 */
@Schema({ collection: 'order_tasks', versionKey: false })
export class OrderTask {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: Date, required: true }) at: Date;
}

export const OrderTaskSchema = SchemaFactory.createForClass(OrderTask);
