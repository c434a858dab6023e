/** Query keys of the slots feature. */
export const slotKeys = {
  all: ['slots'] as const,
  forPincode: (pincode: string) => [...slotKeys.all, 'pincode', pincode] as const,
};
