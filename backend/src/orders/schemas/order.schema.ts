import {
  DELIVERY_PROMISE_MINUTES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  type OrderStatus,
  type PaymentStatus,
  type PaymentType,
  SUBSTITUTION_CHOICES,
  type SubstitutionChoice,
  type TaxMode,
} from '@greencart/domain';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Schema as MongooseSchema, Types } from 'mongoose';
import { OrderAdjustment, OrderAdjustmentSchema, OrderIssue, OrderIssueSchema } from '../packing/adjustment.schema';

/** One line, with a snapshot of what was bought so the order survives product edits and deletion. */
@Schema({ _id: false })
export class OrderItem {
  @Prop({ type: MongooseSchema.Types.ObjectId, ref: 'Product', required: true }) product: Types.ObjectId;
  /** Units supplied: as ordered, or fewer once packed short (0: none; see `ordered`). */
  @Prop({ required: true, min: 0 }) quantity: number;
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) category: string;
  @Prop({ default: '' }) image: string;
  /** Rupees at purchase time; the line is charged in paise from offerPricePaise. */
  @Prop({ required: true }) offerPrice: number;
  @Prop({ required: true }) offerPricePaise: number;
  /** The product's HSN code when it was sold (tax invoices). */
  @Prop() hsn?: string;
  /** The GST rate it was sold at (percent; orders placed in `gst` mode, issue 54). */
  @Prop({ type: Number }) gstRate?: number;
  /** The pack size sold (its id in the product's `variants`); absent on orders from before pack sizes. */
  @Prop({ type: String }) variant?: string;
  /** The pack size's label when sold ("5 kg"), shown with the name everywhere (see nameWithSize); absent for a single size without one. */
  @Prop({ type: String }) label?: string;
  // Packing changes (issue 39).
  /** The quantity ordered, set when packing changed `quantity`. */
  @Prop() ordered?: number;
  /** This line replaces line `substituteFor` (packed short); its price per unit is capped (see repriceAdjusted). */
  @Prop() substituteFor?: number;
  /** A substitute's own price per unit, when it was charged less. */
  @Prop() listPricePaise?: number;
}
const OrderItemSchema = SchemaFactory.createForClass(OrderItem);

/** The delivery address as it was when ordered: later edits or deletion of the saved address never change it. */
@Schema({ _id: false, toJSON: { virtuals: true }, id: false })
export class OrderAddress {
  /** The saved address it was copied from. */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) _id: Types.ObjectId;
  @Prop({ required: true }) firstName: string;
  @Prop({ required: true }) lastName: string;
  /** Absent when the saved address had none. */
  @Prop() email?: string;
  /** Optional flat / house and landmark, absent when the saved address had none. */
  @Prop() house?: string;
  @Prop({ required: true }) street: string;
  @Prop() landmark?: string;
  @Prop({ required: true }) city: string;
  @Prop({ required: true }) state: string;
  @Prop({ required: true }) pincode: string;
  @Prop({ required: true }) country: string;
  @Prop({ required: true }) phone: string;
}
const OrderAddressSchema = SchemaFactory.createForClass(OrderAddress);
// The seller's order view reads `zipcode` (spec section 3); it is the same value as the pincode.
OrderAddressSchema.virtual('zipcode').get(function (this: OrderAddress) {
  return this.pincode;
});

/** How an online order was paid, and its refund once cancelled. */
@Schema({ _id: false })
export class OrderPayment {
  @Prop({ type: String, required: true, enum: ['razorpay'] }) provider: 'razorpay';
  @Prop({ required: true }) razorpayOrderId: string;
  @Prop({ required: true }) razorpayPaymentId: string;
  @Prop() refundId?: string;
  /** Razorpay's refund status: pending until the bank confirms, then processed (or failed). */
  @Prop({ type: String, enum: ['pending', 'processed', 'failed'] }) refundStatus?: RefundStatus;
  /** When Razorpay first reported the refund processed. */
  @Prop() refundedAt?: Date;
}
const OrderPaymentSchema = SchemaFactory.createForClass(OrderPayment);
export type RefundStatus = 'pending' | 'processed' | 'failed';

@Schema({ _id: false })
export class OrderCoupon {
  @Prop({ required: true }) code: string;
  /** The coupon's id, to give its use back when the order is cancelled. */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) couponId: Types.ObjectId;
  @Prop({ required: true }) discountPaise: number;
}
const OrderCouponSchema = SchemaFactory.createForClass(OrderCoupon);

@Schema({ _id: false })
export class StatusChange {
  @Prop({ type: String, required: true, enum: ORDER_STATUSES }) status: OrderStatus;
  @Prop({ required: true }) at: Date;
  /** The first name of the staff member who made the change ("Packed by Ravi"); absent for the owner and the shopper. */
  @Prop() by?: string;
}
const StatusChangeSchema = SchemaFactory.createForClass(StatusChange);

/** The delivery slot the shopper chose (issue 41); absent: express. Days and times are the shop's. */
@Schema({ _id: false, versionKey: false })
export class OrderDeliverySlot {
  @Prop({ type: String, required: true }) date: string;
  @Prop({ type: String, required: true }) start: string;
  @Prop({ type: String, required: true }) end: string;
}
const OrderDeliverySlotSchema = SchemaFactory.createForClass(OrderDeliverySlot);

@Schema({
  timestamps: true,
  toJSON: {
    virtuals: true,
    versionKey: false,
    transform: (_doc, ret: Record<string, unknown>) => (
      delete ret.id,
      delete ret.idempotencyKey,
      delete ret.requestHash,
      delete ret.unlisted,
      delete ret.linkingSince,
      delete ret.packingPending,
      ret
    ),
  },
})
export class Order {
  @Prop({ type: MongooseSchema.Types.ObjectId, ref: 'User', required: true, index: true }) user: Types.ObjectId;
  @Prop({ type: [OrderItemSchema], required: true }) items: OrderItem[];
  /** Always set for COD; an online order paid by a client that never said where to deliver may lack it. */
  @Prop({ type: OrderAddressSchema }) address?: OrderAddress;
  /** Total in rupees (spec field); amountPaise is the exact figure. */
  @Prop({ required: true }) amount: number;
  @Prop({ required: true }) amountPaise: number;
  @Prop({ required: true }) subtotalPaise: number;
  /** A coupon's discount off the subtotal (0: none); the tax is 2% of subtotal − discount. */
  @Prop({ type: Number, default: 0 }) discountPaise: number;
  /** The coupon the order used, and what it took off. */
  @Prop({ type: OrderCouponSchema }) coupon?: OrderCoupon;
  /** Tax added on top of the prices: `flat` mode's 2%; 0 in the other modes. */
  @Prop({ required: true }) taxPaise: number;
  /** The shop's tax mode when placed (issue 54); absent: `flat`. An order keeps it, its rates and amounts forever. */
  @Prop({ type: String }) taxMode?: TaxMode;
  /** `gst` mode: the GST inside the amount (lines and fee). */
  @Prop({ type: Number }) taxInsidePaise?: number;
  /** `gst` mode: the delivery fee's rate when placed. */
  @Prop({ type: Number }) deliveryGstRate?: number;
  /** A business buyer's GSTIN given at checkout: the invoice names it, GSTR-1 counts the order as B2B. */
  @Prop({ type: String }) buyerGstin?: string;
  /** The delivery area's fee (0: free delivery; absent on orders older than delivery areas). */
  @Prop({ type: Number, default: 0 }) deliveryFeePaise: number;
  /** The delivery promise: placed + the area's ETA (absent on older orders: placed + 30 minutes). */
  @Prop({ type: Date }) deliverBy?: Date;
  @Prop({ type: String, required: true, enum: PAYMENT_TYPES }) paymentType: PaymentType;
  @Prop({ type: String, required: true, enum: PAYMENT_STATUSES, default: 'pending' }) paymentStatus: PaymentStatus;
  @Prop({ type: OrderPaymentSchema }) payment?: OrderPayment;
  /** Spec field: paymentStatus is 'paid'. */
  @Prop({ required: true, default: false }) isPaid: boolean;
  @Prop({ type: String, required: true, enum: ORDER_STATUSES, default: 'Order Placed' }) status: OrderStatus;
  @Prop({ type: [StatusChangeSchema], default: [] }) statusHistory: StatusChange[];
  /** Who cancelled a cancelled order (absent on orders cancelled before this was kept). */
  @Prop({ type: String, enum: ['shop', 'shopper'] }) cancelledBy?: 'shop' | 'shopper';
  /** The shop's reason for cancelling, as the shopper reads it (optional, at most 200 characters). */
  @Prop() cancelReason?: string;
  /** One order per checkout attempt: unique together with the user. */
  @Prop({ required: true }) idempotencyKey: string;
  /** The delivery slot chosen (issue 41); `deliverBy` is then its end. */
  @Prop({ type: OrderDeliverySlotSchema }) deliverySlot?: OrderDeliverySlot;
  /** The short number people read and search ("GC-10427"): the order's place in the shop's list of orders. */
  @Prop() orderNumber?: string;
  /** Fingerprint of the request that created the order, to spot a key reused for a different cart. */
  @Prop({ required: true }) requestHash: string;
  /** Set from the insert until the order is in its shopper's and the seller's order lists (see OrderLists). */
  @Prop() unlisted?: boolean;
  /** When the linking into the order lists was claimed (by the creator, or by a retry taking over a stale claim). */
  @Prop() linkingSince?: Date;
  // Packing changes (issue 39): the shopper's choice, and what packing changed and refunded.
  /** "If an item is not available": refund it (the default when absent) or replace it with a similar item. */
  @Prop({ type: String, enum: SUBSTITUTION_CHOICES }) substitutions?: SubstitutionChoice;
  /** The total as placed (rupees and paise), set by the first packing change. */
  @Prop() originalAmount?: number;
  @Prop() originalAmountPaise?: number;
  /** Paise refunded by packing changes and problem reports (a cancel's refund is payment.refundId). */
  @Prop() refundedPaise?: number;
  @Prop({ type: [OrderAdjustmentSchema], default: undefined }) adjustments?: OrderAdjustment[];
  /** Set while a packing change has work left (stock back, refund): what the recovery sweep looks for. */
  @Prop() packingPending?: boolean;
  /** "Something was wrong with my order" (one report per order) and the shop's answer. */
  @Prop({ type: OrderIssueSchema }) issue?: OrderIssue;
  createdAt: Date;
  updatedAt: Date;
}

export type OrderDocument = HydratedDocument<Order>;
export const OrderSchema = SchemaFactory.createForClass(Order);
OrderSchema.index({ user: 1, idempotencyKey: 1 }, { unique: true });
OrderSchema.index({ user: 1, createdAt: -1 });
OrderSchema.index({ createdAt: -1 });
OrderSchema.index({ unlisted: 1 }, { sparse: true });
OrderSchema.index({ packingPending: 1 }, { sparse: true });
OrderSchema.index({ 'issue.status': 1 }, { sparse: true });
/** The delivery fee in rupees, like `amount` (deliveryFeePaise is the exact figure). */
OrderSchema.virtual('deliveryFee').get(function (this: Order) {
  return (this.deliveryFeePaise ?? 0) / 100;
});
OrderSchema.virtual('expectedDeliveryAt').get(function (this: Order) {
  if (this.deliverBy) return this.deliverBy;
  return this.createdAt ? new Date(this.createdAt.getTime() + DELIVERY_PROMISE_MINUTES * 60_000) : undefined;
});
