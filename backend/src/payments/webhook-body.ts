import { timingSafeEqual } from 'node:crypto';
import { BadRequestException } from '@nestjs/common';

/** The parts of a Razorpay webhook body the shop reads. */
export interface WebhookBody {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; error_description?: string | null } };
    order?: { entity?: { id?: string; receipt?: string | null } };
  };
}

/** An HMAC-SHA256 as Razorpay writes it: exactly 64 lowercase hex digits. */
const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Constant-time comparison of two HMAC-SHA256 hex digests. The given one must be exactly 64 lowercase hex
 * digits: Buffer.from(…, 'hex') stops at the first other character, so a valid signature with text after
 * it, or in upper case, is refused before comparing.
 */
export function sameHex(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !SHA256_HEX.test(given) || !SHA256_HEX.test(expected)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/**
 * The webhook body as the shop reads it, checked before any query: the event name and every id the shop
 * reads must be text (an object such as `{ "$ne": null }` in a signed body never reaches a filter).
 */
export function readWebhookBody(body: unknown): WebhookBody {
  if (!isRecord(body)) throw new BadRequestException('Malformed webhook: the body must be a JSON object');
  const text = (value: unknown, name: string, nullable = false) => {
    if (value === undefined || (nullable && value === null) || typeof value === 'string') return;
    throw new BadRequestException(`Malformed webhook: ${name} must be text`);
  };
  const entity = (value: unknown, name: string): Record<string, unknown> | undefined => {
    if (value === undefined) return undefined;
    if (!isRecord(value)) throw new BadRequestException(`Malformed webhook: ${name} must be an object`);
    return value;
  };
  text(body.event, 'event');
  const payload = entity(body.payload, 'payload');
  const payment = entity(entity(payload?.payment, 'payload.payment')?.entity, 'payload.payment.entity');
  const order = entity(entity(payload?.order, 'payload.order')?.entity, 'payload.order.entity');
  text(payment?.id, 'payload.payment.entity.id');
  text(payment?.order_id, 'payload.payment.entity.order_id');
  text(payment?.error_description, 'payload.payment.entity.error_description', true);
  text(order?.id, 'payload.order.entity.id');
  text(order?.receipt, 'payload.order.entity.receipt', true);
  return body as WebhookBody;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
