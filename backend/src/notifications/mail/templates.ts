import type { OrderStatus } from '@greencart/domain';
import { ACCOUNT_MAILS, type AccountMailKinds } from './account-mails';
import type { TemplatesOf } from './mail-parts';
import { toHtml, toText, type Draft, type MailContext } from './mail-render';
import { SELLER_MAILS, type SellerMailKinds } from './seller-mails';
import { SHOPPER_ORDER_MAILS, type ShopperOrderMailKinds } from './shopper-order-mails';

/**
 * Every mail the shop sends, one template per kind: a subject, a plain-text part and an HTML part (inline
 * styles and tables, as mail clients need), the shop's name, en-IN amounts and dates in the shop's time
 * zone, and a link back to the order. The templates live by family (shopper-order-mails.ts,
 * seller-mails.ts, account-mails.ts, made of mail-parts.ts); this file gathers them and renders a kind.
 */

export type { OrderSnapshot } from './mail-parts';
export { typed } from './mail-parts';
export type { MailContext } from './mail-render';

/** Each kind and the data its template reads. */
export interface MailKinds extends ShopperOrderMailKinds, SellerMailKinds, AccountMailKinds {}
export type MailKind = keyof MailKinds;

/** Progress mails a shopper may turn off in their account; receipts, cancellations, refunds and sign-in mails always go. */
export const STATUS_MAIL_KINDS: readonly MailKind[] = ['order-packing', 'order-out-for-delivery', 'order-delivered'];

/** The mail for each status an order moves to (Order Placed has the confirmation). */
export const STATUS_MAIL: Partial<Record<OrderStatus, MailKind>> = {
  Packing: 'order-packing',
  'Out for delivery': 'order-out-for-delivery',
  Delivered: 'order-delivered',
  Cancelled: 'order-cancelled',
};

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const TEMPLATES: TemplatesOf<MailKinds> = { ...SHOPPER_ORDER_MAILS, ...SELLER_MAILS, ...ACCOUNT_MAILS };

export function renderMail<K extends MailKind>(kind: K, data: MailKinds[K], ctx: MailContext): RenderedMail {
  const draft = (TEMPLATES[kind] as (data: MailKinds[K], ctx: MailContext) => Draft)(data, ctx);
  return { subject: draft.subject, text: toText(draft, ctx), html: toHtml(draft, ctx) };
}
