import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, type HydratedDocument } from 'mongoose';

/** A use an online checkout holds until it is paid or lapses (`until`). */
@Schema({ _id: false, versionKey: false })
export class CouponHold {
  @Prop({ type: String, required: true }) ref: string;
  @Prop({ type: String, required: true }) user: string;
  @Prop({ type: Date, required: true }) until: Date;
  @Prop({ required: true }) discountPaise: number;
}
const CouponHoldSchema = SchemaFactory.createForClass(CouponHold);

/** One use of a coupon by a shopper: an order's (`order:<id>`) or an open online checkout's (`checkout:<id>`, until it lapses). */
@Schema({ _id: false, versionKey: false })
export class CouponShopperUse {
  @Prop({ type: String, required: true }) ref: string;
  @Prop({ type: Date }) until?: Date;
  @Prop({ type: Date, required: true }) at: Date;
}
const CouponShopperUseSchema = SchemaFactory.createForClass(CouponShopperUse);

/** The shoppers' uses written by the change that made `usesVersion` this `version`. */
export interface CouponJournal {
  version: number;
  shoppers: { user: string; uses: CouponShopperUse[] }[];
}

/**
 * A coupon: the seller's terms (rupees; dates as instants) and its uses. `used` counts orders that used
 * it and were not cancelled; `holds` the uses open online checkouts hold. Both change only through
 * CouponUses (one change at a time per coupon, compare-and-set on `usesVersion`).
 */
@Schema({ collection: 'coupons', versionKey: false, timestamps: true })
export class Coupon {
  /** In capitals; unique. */
  @Prop({ type: String, required: true, unique: true }) code: string;
  @Prop({ type: String, required: true, enum: ['percent', 'flat'] }) kind: 'percent' | 'flat';
  @Prop({ required: true }) value: number;
  @Prop({ type: Number, default: null }) maxDiscount: number | null;
  @Prop({ type: Number, default: null }) minSubtotal: number | null;
  @Prop({ type: Date, default: null }) startsAt: Date | null;
  @Prop({ type: Date, default: null }) endsAt: Date | null;
  @Prop({ default: false }) firstOrderOnly: boolean;
  @Prop({ default: 1 }) perShopperLimit: number;
  @Prop({ type: Number, default: null }) totalLimit: number | null;
  @Prop({ default: false }) public: boolean;
  @Prop({ default: true }) active: boolean;
  @Prop({ default: 0 }) used: number;
  @Prop({ default: 0 }) discountGivenPaise: number;
  @Prop({ type: [CouponHoldSchema], default: [] }) holds: CouponHold[];
  @Prop({ default: 0 }) usesVersion: number;
  /** The shoppers' uses as the last change of `usesVersion` left them (their documents may lag behind it). */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null }) journal: CouponJournal | null;
  createdAt: Date;
  updatedAt: Date;
}

export type CouponDocument = HydratedDocument<Coupon>;
export const CouponSchema = SchemaFactory.createForClass(Coupon);

/**
 * A shopper's uses of one coupon (`_id` `<couponId>:<userId>`): the first use inserts it (a unique `_id`,
 * atomic on every engine), later ones are a compare-and-set on `v`.
 */
@Schema({ collection: 'coupon_shoppers', versionKey: false })
export class CouponShopper {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: [CouponShopperUseSchema], default: [] }) uses: CouponShopperUse[];
  @Prop({ default: 0 }) v: number;
}

export const CouponShopperSchema = SchemaFactory.createForClass(CouponShopper);
