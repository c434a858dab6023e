/** Query keys of the delivery feature. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  check: (pincode: string) => [...deliveryKeys.all, 'check', pincode] as const,
  settings: () => [...deliveryKeys.all, 'settings'] as const,
};
