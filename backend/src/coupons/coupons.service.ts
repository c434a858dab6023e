import {
  couponDiscountPaise,
  couponRefusal,
  couponTitle,
  MAX_COUPONS,
  normaliseCouponCode,
  readCouponInput,
  type CouponTerms,
  type OfferView,
  type SellerCoupon,
} from '@greencart/domain';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { CouponUses, type LeanCoupon } from './coupon-uses.service';
import { Coupon } from './schemas/coupon.schema';

/** What the shop knows of the shopper when it judges a coupon for their order. */
export interface Shopper {
  userId?: string;
  /** Whether they have an order that was not cancelled (a cancelled first order does not count); asked only for first-order coupons. */
  hasOrdered: () => Promise<boolean>;
}

/** A coupon accepted for an order: its terms and the discount on the order's subtotal. */
export interface JudgedCoupon {
  coupon: LeanCoupon;
  discountPaise: number;
}

/** The seller's coupons, and whether one goes with a shopper's order (the counting of uses is CouponUses'). */
@Injectable()
export class CouponsService {
  constructor(
    @InjectModel(Coupon.name) private readonly coupons: Model<Coupon>,
    private readonly uses: CouponUses,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /** The shop's SHOP_TIMEZONE: coupon days are read in it. */
  get timeZone(): string {
    return this.config.get('SHOP_TIMEZONE', { infer: true });
  }

  async list(): Promise<SellerCoupon[]> {
    const now = Date.now();
    const coupons = await this.coupons.find().sort({ createdAt: -1 }).lean<LeanCoupon[]>().exec();
    return coupons.map((c) => sellerView(c, now));
  }

  async create(body: unknown): Promise<SellerCoupon> {
    const read = readCouponInput(body, { timeZone: this.timeZone });
    if ('problem' in read) throw new BadRequestException(read.problem.message);
    if ((await this.coupons.estimatedDocumentCount()) >= MAX_COUPONS)
      throw new ConflictException(`The shop has ${MAX_COUPONS} coupons, the most it keeps; delete old ones first`);
    try {
      const created = await this.coupons.create(stored(read.terms));
      return sellerView(created.toObject() as LeanCoupon, Date.now());
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictException(`A coupon with the code ${read.terms.code} exists already`);
      throw error;
    }
  }

  async update(id: string, body: unknown): Promise<SellerCoupon> {
    const before = await this.find(id);
    const read = readCouponInput(body, { partial: true, before: termsOf(before), timeZone: this.timeZone });
    if ('problem' in read) throw new BadRequestException(read.problem.message);
    try {
      // Only the terms: the uses are CouponUses' (its writes do not touch these fields).
      const updated = await this.coupons
        .findByIdAndUpdate(before._id, { $set: stored(read.terms) }, { returnDocument: 'after' })
        .lean<LeanCoupon>()
        .exec();
      if (!updated) throw new NotFoundException('Coupon not found');
      return sellerView(updated, Date.now());
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictException(`A coupon with the code ${read.terms.code} exists already`);
      throw error;
    }
  }

  /** Removes a coupon: orders that used it keep their discount; open checkouts holding it still complete. */
  async remove(id: string): Promise<void> {
    const coupon = await this.find(id);
    await this.coupons.deleteOne({ _id: coupon._id }).exec();
  }

  private async find(id: string): Promise<LeanCoupon> {
    const coupon = isValidObjectId(id) ? await this.coupons.findById(id).lean<LeanCoupon>().exec() : null;
    if (!coupon) throw new NotFoundException('Coupon not found');
    return coupon;
  }

  /** A coupon by its id (null when it was deleted), for giving a use back. */
  async byId(id: string | Types.ObjectId): Promise<LeanCoupon | null> {
    return this.coupons.findById(id).lean<LeanCoupon>().exec();
  }

  /**
   * Whether the coupon `code` goes with this shopper's order of `subtotalPaise` now: its discount, or a
   * 4xx saying which rule refuses it (400 for the coupon's terms, 409 when its uses ran out).
   */
  async judge(code: string, shopper: Shopper, subtotalPaise: number, { countUses = true, now = new Date() } = {}): Promise<JudgedCoupon> {
    if (typeof code !== 'string' || !code.trim()) throw new BadRequestException('Enter a coupon code');
    const normal = normaliseCouponCode(code);
    const coupon = /^[A-Z0-9]{1,40}$/.test(normal) ? await this.coupons.findOne({ code: normal }).lean<LeanCoupon>().exec() : null;
    if (!coupon) throw new BadRequestException(`Coupon ${normal.slice(0, 40)} is not valid`);
    const uses = countUses ? await this.uses.usesOf(coupon, shopper.userId, now.getTime()) : { usedInTotal: 0, usedByShopper: 0 };
    const hasOrdered = coupon.firstOrderOnly ? await shopper.hasOrdered() : false;
    const refusal = couponRefusal(terms(coupon), { now, subtotalPaise, hasOrdered, timeZone: this.timeZone, ...uses });
    if (refusal)
      throw refusal.includes('used up') || refusal.startsWith('You have already') ? new ConflictException(refusal) : new BadRequestException(refusal);
    return { coupon, discountPaise: couponDiscountPaise(subtotalPaise, coupon) };
  }

  /** The public, active coupons, judged against a shopper's subtotal (signed out: not judged). */
  async offers(shopper: Shopper, subtotalPaise: number, now = new Date()): Promise<OfferView[]> {
    const found = await this.coupons.find({ public: true, active: true }).sort({ createdAt: -1 }).lean<LeanCoupon[]>().exec();
    const live = found.filter((c) => (!c.endsAt || c.endsAt.getTime() >= now.getTime()) && (!c.startsAt || c.startsAt.getTime() <= now.getTime()));
    return Promise.all(
      live.map(async (coupon) => {
        const uses = await this.uses.usesOf(coupon, shopper.userId, now.getTime());
        const hasOrdered = coupon.firstOrderOnly && shopper.userId ? await shopper.hasOrdered() : false;
        const refusal = shopper.userId
          ? couponRefusal(terms(coupon), { now, subtotalPaise, hasOrdered, timeZone: this.timeZone, ...uses })
          : 'Log in to use this offer';
        return offerView(coupon, refusal ? 0 : couponDiscountPaise(subtotalPaise, coupon), refusal);
      }),
    );
  }
}

/** The terms a rule judges, from a stored coupon. */
function terms(coupon: LeanCoupon): CouponTerms {
  return termsOf(coupon);
}

function termsOf(c: LeanCoupon): CouponTerms {
  return {
    code: c.code,
    kind: c.kind,
    value: c.value,
    maxDiscount: c.maxDiscount ?? null,
    minSubtotal: c.minSubtotal ?? null,
    startsAt: c.startsAt ? new Date(c.startsAt).toISOString() : null,
    endsAt: c.endsAt ? new Date(c.endsAt).toISOString() : null,
    firstOrderOnly: c.firstOrderOnly ?? false,
    perShopperLimit: c.perShopperLimit ?? 1,
    totalLimit: c.totalLimit ?? null,
    public: c.public ?? false,
    active: c.active ?? true,
  };
}

/** The terms as stored (dates as instants). */
function stored(t: CouponTerms) {
  return {
    ...t,
    maxDiscount: t.maxDiscount ?? null,
    minSubtotal: t.minSubtotal ?? null,
    totalLimit: t.totalLimit ?? null,
    startsAt: t.startsAt ? new Date(t.startsAt) : null,
    endsAt: t.endsAt ? new Date(t.endsAt) : null,
  };
}

function sellerView(c: LeanCoupon, now: number): SellerCoupon {
  return {
    _id: String(c._id),
    ...termsOf(c),
    used: c.used ?? 0,
    held: (c.holds ?? []).filter((h) => new Date(h.until).getTime() > now).length,
    discountGivenPaise: c.discountGivenPaise ?? 0,
    createdAt: new Date(c.createdAt).toISOString(),
  };
}

export function offerView(c: LeanCoupon, discountPaise: number, refusal: string | null): OfferView {
  return {
    code: c.code,
    title: couponTitle(termsOf(c)),
    kind: c.kind,
    value: c.value,
    maxDiscount: c.maxDiscount ?? null,
    minSubtotal: c.minSubtotal ?? null,
    endsAt: c.endsAt ? new Date(c.endsAt).toISOString() : null,
    firstOrderOnly: c.firstOrderOnly ?? false,
    applies: !refusal,
    discountPaise,
    ...(refusal ? { message: refusal } : {}),
  };
}
