/** Query keys of the slots feature. */
export const slotKeys = {
  all: ['slots'] as const,
  forPincode: (pincode: string) => [...slotKeys.all, 'pincode', pincode] as const,
  seller: () => [...slotKeys.all, 'seller'] as const,
  orders: (slotId: string) => [...slotKeys.all, 'seller', 'orders', slotId] as const,
  pickList: (date: string, start: string) => [...slotKeys.all, 'seller', 'picklist', date, start] as const,
};
