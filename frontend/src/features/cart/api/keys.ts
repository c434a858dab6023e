/** Query and mutation keys of the cart feature. */
export const cartKeys = {
  all: ['cart'] as const,
  products: (ids: readonly string[]) => [...cartKeys.all, 'products', [...ids].sort()] as const,
  update: () => [...cartKeys.all, 'update'] as const,
};
