import type { PaymentType, SubstitutionChoice, TaxMode } from '@greencart/domain';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Schema as MongooseSchema, Types } from 'mongoose';
import type { OrderAddress, OrderItem } from '../../orders/order-record';

/** `refunding` / `refunded`: paid when its units were gone, so refunded instead of becoming an order. */
export type CheckoutStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunding' | 'refunded';

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
    /** `mode` and `taxInsidePaise`: the shop's tax mode when priced (absent on checkouts before tax modes: `flat`). */
    price: {
      subtotalPaise: number;
      discountPaise?: number;
      taxPaise: number;
      shippingPaise: number;
      totalPaise: number;
      mode?: TaxMode;
      taxInsidePaise?: number;
    };
    /** `gst` mode: the delivery fee's rate when priced. */
    deliveryGstRate?: number;
    /** The delivery area's ETA when priced (absent on checkouts older than delivery areas: 30). */
    etaMinutes?: number;
    requestHash: string;
    /** The coupon the checkout holds a use of, and its discount. */
    coupon?: { couponId: string; code: string; discountPaise: number };
    /** The shopper's substitution choice (issue 39). */
    substitutions?: SubstitutionChoice;
    /** The delivery slot the checkout holds a place in (issue 41). */
    slot?: { id: string; date: string; start: string; end: string };
    /** A business buyer's GSTIN (issue 54). */
    buyerGstin?: string;
  };
  @Prop({ type: String, required: true, enum: ['pending', 'paid', 'failed', 'expired', 'refunding', 'refunded'], default: 'pending' }) status: CheckoutStatus;
  @Prop({ required: true }) expiresAt: Date;
  @Prop() razorpayPaymentId?: string;
  @Prop({ type: MongooseSchema.Types.ObjectId }) orderId?: Types.ObjectId;
  /** Why the last payment attempt failed (Razorpay's words), or why a paid checkout was refunded. */
  @Prop() failureReason?: string;
  /** The refund of a payment whose units were gone (status refunding / refunded). */
  @Prop() refundId?: string;
  /** When the sweep asked Razorpay for payments of this closed checkout (once; one that took money is refunded). */
  @Prop() paymentsCheckedAt?: Date;
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

/** A checkout a shopper has open, as their open-checkouts document keeps it. */
export interface OpenCheckout {
  requestHash: string;
  amountPaise: number;
  currency: string;
  expiresAt: Date;
  /** Set once Razorpay has opened the order (null while it is being opened). */
  razorpayOrderId: string | null;
}

/**
 * The online checkouts one shopper has open, by `_id` (the shopper's id): the same order again reuses
 * its checkout, and at most OPEN_CHECKOUTS_PER_SHOPPER are open at once. `v` counts changes (each made
 * under the shopper's lock document).
 */
@Schema({ collection: 'open_checkouts', versionKey: false })
export class OpenCheckouts {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ required: true, default: 0 }) v: number;
  @Prop({ type: MongooseSchema.Types.Mixed, default: {} }) open: Record<string, OpenCheckout>;
}
export const OpenCheckoutsSchema = SchemaFactory.createForClass(OpenCheckouts);
