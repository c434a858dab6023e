import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';
import { invalidateProducts, patchProductInData, PRODUCT_QUERY_ROOTS } from './product-cache';

export interface ChangeStockInput {
  id: string;
  /** One pack size's switch; without it the switch of every size of the product. */
  variant?: string;
  inStock: boolean;
}

/** POST /api/changeStock/ (seller) with `{ id, inStock }` or `{ id, variant, inStock }` → { success, message } */
export function changeStock(input: ChangeStockInput): Promise<ApiSuccess> {
  return api.post('/api/changeStock/', input);
}

function setStock(queryClient: QueryClient, { id, variant, inStock }: ChangeStockInput) {
  for (const queryKey of PRODUCT_QUERY_ROOTS) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) =>
      patchProductInData(data, id, (product) => {
        const sizes = product.variants?.map((size) => (variant === undefined || size._id === variant ? { ...size, inStock } : size));
        // The top-level flag is the default (first) size's.
        return { inStock: sizes?.[0]?.inStock ?? inStock, ...(sizes ? { variants: sizes } : {}) };
      }),
    );
  }
}

/** Flips the switch at once (optimistic); puts it back if the server refuses. */
export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: productKeys.changeStock(),
    mutationFn: changeStock,
    onMutate: async (input) => {
      await Promise.all(PRODUCT_QUERY_ROOTS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      setStock(queryClient, input);
    },
    // Put back only this product (or size), so other switches flipped meanwhile keep their state.
    onError: (_error, input) => setStock(queryClient, { ...input, inStock: !input.inStock }),
    // Reload once the last switch in flight has settled, so a reload does not undo a newer flip.
    onSettled: () => (queryClient.isMutating({ mutationKey: productKeys.changeStock() }) <= 1 ? invalidateProducts(queryClient) : undefined),
  });
}
