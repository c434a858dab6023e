/** Query keys of the offers feature: the seller's coupons, and the public offers as a shopper sees them. */
export const offerKeys = {
  all: ['offers'] as const,
  seller: () => [...offerKeys.all, 'seller'] as const,
  /** Judged against the signed-in shopper's saved cart (none: signed out). */
  forShopper: (userId: string | null) => [...offerKeys.all, 'shopper', userId] as const,
};
