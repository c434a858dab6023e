import type { ApiSuccess } from '@greencart/domain';

export interface MailPreferences {
  /** Mails when an order is packed, out for delivery and delivered (receipts, cancellations and refunds always go). */
  orderProgressEmails: boolean;
}

/** Whether this shop sends mail at all, and why not. */
export type MailState = { enabled: true } | { enabled: false; reason: string };

/** GET/PATCH /api/account/preferences */
export type PreferencesResponse = ApiSuccess<{ preferences: MailPreferences; mail: MailState; message?: string }>;
