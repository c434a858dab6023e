import type { PaymentSuccessBody } from '@greencart/domain';
import { loadScript } from '@/lib/load-script';

/** The part of Razorpay Checkout's options (checkout.js, "standard checkout") the shop uses. */
export interface RazorpayCheckoutOptions {
  key: string;
  order_id: string;
  /** Paise; the Razorpay order's amount. */
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  prefill: { name: string; email?: string; contact: string };
  theme: { color: string };
  handler: (response: PaymentSuccessBody) => void;
  modal: { ondismiss: () => void };
}

/** What checkout.js reports with `payment.failed`. */
export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayCheckoutOptions) => RazorpayInstance;
  }
}

/** Why a checkout did not end in a confirmed payment, in the shopper's words. */
export class OnlinePaymentError extends Error {
  readonly kind: 'not-completed' | 'unavailable' | 'unconfirmed';

  constructor(kind: OnlinePaymentError['kind'], message: string) {
    super(message);
    this.name = 'OnlinePaymentError';
    this.kind = kind;
  }
}

/** Loads checkout.js once (unless the page already has it). */
export async function loadRazorpayCheckout(checkoutUrl: string): Promise<void> {
  if (window.Razorpay) return;
  try {
    await loadScript(checkoutUrl);
  } catch {
    throw new OnlinePaymentError('unavailable', 'The payment window could not be loaded. Check your connection and try again.');
  }
  if (!window.Razorpay) throw new OnlinePaymentError('unavailable', 'The payment window could not be started. Please try again or choose Cash On Delivery.');
}

/** Why a Razorpay payment failed, for a toast. */
export function failureMessage(response: RazorpayFailure): string {
  const reason = response.error?.description?.trim().replace(/\.+$/, '');
  return reason ? `Payment failed: ${reason}.` : 'Payment failed.';
}

/**
 * Opens Razorpay Checkout and resolves with what it hands over after a successful payment; rejects
 * when the shopper closes it without paying (saying why the last attempt failed, if one did). A failed
 * attempt (`payment.failed`) is reported to `onFailure` while checkout stays open: the shopper may retry there.
 */
export function openRazorpayCheckout(
  options: Omit<RazorpayCheckoutOptions, 'handler' | 'modal'>,
  onFailure: (response: RazorpayFailure) => void,
): Promise<PaymentSuccessBody> {
  const Razorpay = window.Razorpay;
  if (!Razorpay) return Promise.reject(new OnlinePaymentError('unavailable', 'The payment window is not loaded.'));
  return new Promise((resolve, reject) => {
    let failure: RazorpayFailure | undefined;
    const checkout = new Razorpay({
      ...options,
      handler: resolve,
      modal: {
        ondismiss: () => {
          const why = failure ? failureMessage(failure) : 'Payment not completed.';
          reject(new OnlinePaymentError('not-completed', `${why} Your cart is kept; you can try again.`));
        },
      },
    });
    checkout.on('payment.failed', (response) => {
      failure = response;
      onFailure(response);
    });
    checkout.open();
  });
}
