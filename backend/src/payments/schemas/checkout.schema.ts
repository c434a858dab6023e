import type { PaymentType } from '@greencart/domain';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Schema as MongooseSchema, Types } from 'mongoose';
import type { OrderAddress, OrderItem } from '../../orders/schemas/order.schema';

export type CheckoutStatus = 'pending' | 'paid' | 'failed' | 'expired';

/**
 * An online checkout waiting for its payment: what was priced (the quote, with the lines' price
 * snapshot), for whom, and the Razorpay order that collects the money. Completing it (browser
 * success or webhook, whichever comes first) commits exactly one order.
 */
@Schema({ collection: 'checkouts', timestamps: true, versionKey: false })
export class Checkout {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true, index: true }) user: Types.ObjectId;
  /** The Razorpay order collecting the money (created first, with this checkout's id as its receipt). */
  @Prop({ type: String, required: true, unique: true }) razorpayOrderId: string;
  @Prop({ required: true }) amountPaise: number;
  @Prop({ required: true, default: 'INR' }) currency: string;
  /** The order quote (OrdersService.quote), kept as it was priced. */
  @Prop({ type: MongooseSchema.Types.Mixed, required: true }) quote: {
    paymentType: PaymentType;
    address?: OrderAddress;
    items: OrderItem[];
    price: { subtotalPaise: number; taxPaise: number; shippingPaise: number; totalPaise: number };
    requestHash: string;
  };
  @Prop({ type: String, required: true, enum: ['pending', 'paid', 'failed', 'expired'], default: 'pending' }) status: CheckoutStatus;
  @Prop({ required: true }) expiresAt: Date;
  @Prop() razorpayPaymentId?: string;
  @Prop({ type: MongooseSchema.Types.ObjectId }) orderId?: Types.ObjectId;
  /** Why the last payment attempt failed (Razorpay's words). */
  @Prop() failureReason?: string;
  createdAt: Date;
  updatedAt: Date;
}

export type CheckoutDocument = HydratedDocument<Checkout>;
export const CheckoutSchema = SchemaFactory.createForClass(Checkout);

/** A webhook event already handled, by Razorpay's `x-razorpay-event-id`. */
@Schema({ collection: 'payment_events', versionKey: false })
export class PaymentEvent {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true }) event: string;
  @Prop({ required: true }) at: Date;
}
export const PaymentEventSchema = SchemaFactory.createForClass(PaymentEvent);
