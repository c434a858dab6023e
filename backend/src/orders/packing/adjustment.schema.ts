import { ISSUE_REASONS, type IssueReason } from '@greencart/domain';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

/** A packing change's refund: recorded as `due` with its receipt before Razorpay is asked, so it is made once (see PackingRefunds). */
@Schema({ _id: false })
export class AdjustmentRefund {
  /** Sent to Razorpay as the refund's receipt and notes: how a refund made before a crash is recognised. */
  @Prop({ required: true }) receipt: string;
  @Prop({ required: true }) amountPaise: number;
  /** due: not asked yet (or being asked); failed: the last try failed (retried, shown to the seller); then Razorpay's status. */
  @Prop({ type: String, required: true, enum: ['due', 'pending', 'processed', 'failed'] }) status: 'due' | 'pending' | 'processed' | 'failed';
  @Prop() id?: string;
  /** Why the last try failed, for the seller. */
  @Prop() error?: string;
  /** When an instance started asking Razorpay (a claim; an old one is taken over). */
  @Prop() claimedAt?: Date;
  @Prop() attempts?: number;
}
export const AdjustmentRefundSchema = SchemaFactory.createForClass(AdjustmentRefund);

@Schema({ _id: false })
export class AdjustedLine {
  @Prop({ required: true }) line: number;
  @Prop({ required: true }) from: number;
  @Prop({ required: true }) to: number;
}
const AdjustedLineSchema = SchemaFactory.createForClass(AdjustedLine);

@Schema({ _id: false })
export class AdjustmentSubstitute {
  @Prop({ required: true }) forLine: number;
  /** The index of the line the substitute became in `items`. */
  @Prop({ required: true }) line: number;
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) product: Types.ObjectId;
  @Prop() variant?: string;
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) quantity: number;
  @Prop({ required: true }) unitPaise: number;
}
const AdjustmentSubstituteSchema = SchemaFactory.createForClass(AdjustmentSubstitute);

/** One packing change of an order: what changed, what it cost the order, its refund. */
@Schema({ _id: false })
export class OrderAdjustment {
  /** The Idempotency-Key it was made with (or one the shop made up): the same key again answers this change. */
  @Prop({ required: true }) key: string;
  @Prop({ required: true }) at: Date;
  /** Who packed: a staff member's first name ("Packed by Ravi"), or 'seller' for the owner. */
  @Prop({ required: true }) by: string;
  @Prop({ type: [AdjustedLineSchema], default: [] }) lines: AdjustedLine[];
  @Prop({ type: [AdjustmentSubstituteSchema], default: [] }) substitutes: AdjustmentSubstitute[];
  @Prop() reason?: string;
  @Prop({ required: true }) amountBeforePaise: number;
  @Prop({ required: true }) amountAfterPaise: number;
  @Prop({ required: true }) differencePaise: number;
  /** Nothing was packed: the order is cancelled (its refund is the cancel's). */
  @Prop() cancels?: boolean;
  /** The unpacked units went back to stock. */
  @Prop({ default: false }) stockReturned: boolean;
  @Prop({ type: AdjustmentRefundSchema }) refund?: AdjustmentRefund;
  /** An online order's difference under Razorpay's least refund (₹1): paid back in cash on delivery instead. */
  @Prop() cashOwedPaise?: number;
}
export const OrderAdjustmentSchema = SchemaFactory.createForClass(OrderAdjustment);

@Schema({ _id: false })
export class IssueLine {
  @Prop({ required: true }) line: number;
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) quantity: number;
  @Prop({ type: String, required: true, enum: ISSUE_REASONS }) reason: IssueReason;
  /** The line's price per unit as charged. */
  @Prop({ required: true }) unitPaise: number;
}
const IssueLineSchema = SchemaFactory.createForClass(IssueLine);

/** "Something was wrong with my order": the shopper's report (one per order) and the shop's answer. */
@Schema({ _id: false })
export class OrderIssue {
  @Prop({ required: true }) at: Date;
  @Prop({ type: [IssueLineSchema], required: true }) lines: IssueLine[];
  @Prop() note?: string;
  /** The shopper's photo, private (`/api/orders/<order id>/photos/<random id>`, see OrderPhotos). */
  @Prop() photo?: string;
  @Prop({ type: String, required: true, enum: ['open', 'refunded', 'declined'] }) status: 'open' | 'refunded' | 'declined';
  /** The most a refund can be: the reported units' value with their tax (capped by what is left paid). */
  @Prop({ required: true }) capPaise: number;
  @Prop() resolvedAt?: Date;
  @Prop() resolutionNote?: string;
  @Prop() amountPaise?: number;
  /** An online order's refund, made once like a packing change's. */
  @Prop({ type: AdjustmentRefundSchema }) refund?: AdjustmentRefund;
  /** A COD order's refund is owed in cash until the seller marks it settled. */
  @Prop() cashOwedPaise?: number;
  @Prop() settledAt?: Date;
}
export const OrderIssueSchema = SchemaFactory.createForClass(OrderIssue);
