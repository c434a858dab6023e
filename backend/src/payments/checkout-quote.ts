import { DEFAULT_ETA_MINUTES } from '@greencart/domain';
import type { OrderQuote } from '../orders/order-placing.service';
import type { OrderAddress } from '../orders/order-record';
import type { Checkout } from './schemas/checkout.schema';

/** The quote a checkout keeps, as it was priced (its order is placed from it once paid). */
export function keptQuote(quote: OrderQuote): Checkout['quote'] {
  return {
    paymentType: quote.paymentType,
    address: quote.address,
    items: quote.items,
    price: quote.price,
    ...(quote.deliveryGstRate !== undefined ? { deliveryGstRate: quote.deliveryGstRate } : {}),
    etaMinutes: quote.etaMinutes,
    requestHash: quote.requestHash,
    ...(quote.coupon ? { coupon: quote.coupon } : {}),
    ...(quote.substitutions ? { substitutions: quote.substitutions } : {}),
    ...(quote.slot ? { slot: quote.slot } : {}),
    ...(quote.buyerGstin ? { buyerGstin: quote.buyerGstin } : {}),
  };
}

/** The online order a paid checkout places: its kept quote, delivered to `address` when the checkout kept none. */
export function paidQuote(userId: string, kept: Checkout['quote'], address: OrderAddress | undefined): OrderQuote {
  return {
    userId,
    paymentType: 'Online',
    address: kept.address ?? address,
    items: kept.items,
    price: { discountPaise: 0, ...kept.price },
    ...(kept.deliveryGstRate !== undefined ? { deliveryGstRate: kept.deliveryGstRate } : {}),
    etaMinutes: kept.etaMinutes ?? DEFAULT_ETA_MINUTES,
    requestHash: kept.requestHash,
    ...(kept.coupon ? { coupon: kept.coupon } : {}),
    ...(kept.substitutions ? { substitutions: kept.substitutions } : {}),
    ...(kept.slot ? { slot: kept.slot } : {}),
    ...(kept.buyerGstin ? { buyerGstin: kept.buyerGstin } : {}),
  };
}
