/** Query keys of the checkout feature. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  paymentOptions: () => [...checkoutKeys.all, 'payment-options'] as const,
  paymentKey: () => [...checkoutKeys.all, 'payment-key'] as const,
};
