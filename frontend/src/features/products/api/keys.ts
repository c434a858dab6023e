import type { ProductFilters } from '../types';

/** Query keys of the products feature: invalidate `productKeys.all` after any product change. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (filters: ProductFilters & { page?: number }) => [...productKeys.lists(), filters] as const,
  infinite: (filters: ProductFilters) => [...productKeys.lists(), 'infinite', filters] as const,
  /** The seller's list, newest first. */
  newest: (filters: ProductFilters) => [...productKeys.lists(), 'newest', filters] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  /** Mutation key of the seller's stock switch. */
  changeStock: () => [...productKeys.all, 'change-stock'] as const,
  /** The seller's view of every product's counted stock. */
  sellerStock: () => [...productKeys.all, 'seller-stock'] as const,
};
