import type { PaymentType } from '@greencart/domain';

const KEY = 'greencart:payment-method';

/** The payment method last chosen in this browser (cash on delivery until one was), kept across a cancelled payment and a reload. */
export function rememberedPaymentType(): PaymentType {
  try {
    return window.localStorage.getItem(KEY) === 'Online' ? 'Online' : 'COD';
  } catch {
    return 'COD';
  }
}

export function rememberPaymentType(type: PaymentType): void {
  try {
    window.localStorage.setItem(KEY, type);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
