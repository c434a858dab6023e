import { createHash } from 'node:crypto';
import { MAX_LINE_QUANTITY, type PaymentType, type SubstitutionChoice } from '@greencart/domain';
import { BadRequestException } from '@nestjs/common';
import type { OrderLineDto } from './dto/place-order.dto';
import type { OrderAddress } from './schemas/order.schema';

/** What an order request is made of, before it is priced: its lines merged, its fingerprint, its address snapshot. */

/** What a quote needs: the lines, and the saved address to deliver to (the shopper's latest when `defaultAddress` allows it). */
export interface QuoteRequest {
  address?: string;
  items: OrderLineDto[];
  /** A coupon code (optional). */
  coupon?: string;
  /** The shopper's substitution choice (issue 39). */
  substitutions?: SubstitutionChoice;
  /** The delivery slot chosen (issue 41); absent: express. */
  delivery?: { slot: string };
  /** A business buyer's GSTIN (issue 54). */
  buyerGstin?: string;
}

/** What an order keeps of a saved address (its snapshot). */
export function pickAddress(saved: Omit<OrderAddress, '_id'>): Omit<OrderAddress, '_id'> {
  const { email, house, landmark, firstName, lastName, street, city, state, pincode, country, phone } = saved;
  const optional = { ...(email ? { email } : {}), ...(house ? { house } : {}), ...(landmark ? { landmark } : {}) };
  return { firstName, lastName, ...optional, street, city, state, pincode, country, phone };
}

/** Lines one per product and pack size (a line naming no size and one naming the default size stay apart: the quote finds them the same size). */
export function sumLines(items: OrderLineDto[]): OrderLineDto[] {
  const merged = new Map<string, OrderLineDto>();
  for (const item of items) {
    const key = `${item.product}:${item.variant ?? ''}`;
    merged.set(key, {
      ...(merged.get(key) ?? { product: item.product, ...(item.variant ? { variant: item.variant } : {}) }),
      quantity: (merged.get(key)?.quantity ?? 0) + item.quantity,
    });
  }
  return [...merged.values()];
}

export function mergeLines(items: OrderLineDto[]): OrderLineDto[] {
  const lines = sumLines(items);
  if (lines.some((line) => line.quantity > MAX_LINE_QUANTITY)) throw new BadRequestException(`Quantity cannot exceed ${MAX_LINE_QUANTITY}`);
  return lines;
}

export function fingerprint(dto: QuoteRequest, paymentType: PaymentType): string {
  const key = (line: OrderLineDto) => `${line.product}:${line.variant ?? ''}`;
  const lines = sumLines(dto.items).sort((a, b) => key(a).localeCompare(key(b)));
  const asked: unknown[] = dto.coupon === undefined ? [dto.address, paymentType, lines] : [dto.address, paymentType, lines, dto.coupon.trim().toUpperCase()];
  // The slot and the substitution choice are part of what was asked for (a request without them hashes as it always did).
  if (dto.delivery?.slot !== undefined) asked.push({ slot: dto.delivery.slot });
  // 'refund' is what an order naming no choice does: the same order.
  if (dto.substitutions !== undefined && dto.substitutions !== 'refund') asked.push({ substitutions: dto.substitutions });
  if (dto.buyerGstin !== undefined) asked.push({ buyerGstin: dto.buyerGstin });
  return createHash('sha256').update(JSON.stringify(asked)).digest('hex');
}

/** Without an Idempotency-Key, the same shopper sending the same order again within this window gets the first order. */
export const DOUBLE_SUBMIT_WINDOW_MS = 10_000;

/**
 * The keys a request without Idempotency-Key is stored and looked up under: one per time window
 * (the current one first, then the previous one, whose order counts only while it is recent).
 * Two submissions in the same window meet at the unique index even when they arrive together.
 */
export function doubleSubmitKeys(requestHash: string, now: number): string[] {
  const window = Math.floor(now / DOUBLE_SUBMIT_WINDOW_MS);
  return [window, window - 1].map((w) => `auto-${requestHash.slice(0, 32)}-${w}`);
}

/** Whether an order placed at `createdAt` is recent enough to be the same double-submitted order. */
export function isRecent(createdAt: Date, now: number = Date.now()): boolean {
  return now - createdAt.getTime() <= DOUBLE_SUBMIT_WINDOW_MS;
}
