import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';
import { invalidateProducts, patchProductInData, PRODUCT_QUERY_ROOTS } from './product-cache';

export interface ChangeStockInput {
  id: string;
  inStock: boolean;
}

/** POST /api/changeStock/ (seller) → { success, message } */
export function changeStock(input: ChangeStockInput): Promise<ApiSuccess> {
  return api.post('/api/changeStock/', input);
}

function setStock(queryClient: QueryClient, id: string, inStock: boolean) {
  for (const queryKey of PRODUCT_QUERY_ROOTS) {
    queryClient.setQueriesData({ queryKey }, (data: unknown) => patchProductInData(data, id, { inStock }));
  }
}

/** Flips the switch at once (optimistic); puts it back if the server refuses. */
export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: productKeys.changeStock(),
    mutationFn: changeStock,
    onMutate: async ({ id, inStock }) => {
      await Promise.all(PRODUCT_QUERY_ROOTS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      setStock(queryClient, id, inStock);
    },
    // Put back only this product, so other switches flipped meanwhile keep their state.
    onError: (_error, { id, inStock }) => setStock(queryClient, id, !inStock),
    // Reload once the last switch in flight has settled, so a reload does not undo a newer flip.
    onSettled: () => (queryClient.isMutating({ mutationKey: productKeys.changeStock() }) <= 1 ? invalidateProducts(queryClient) : undefined),
  });
}
