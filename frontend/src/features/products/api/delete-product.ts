import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';
import { invalidateProducts } from './product-cache';

/** DELETE /api/products/:id (seller) → { success, message } */
export function deleteProduct(id: string): Promise<ApiSuccess> {
  return api.delete(`/api/products/${encodeURIComponent(id)}`);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_result, id) => {
      // The detail page of a deleted product must not come back from the cache.
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      return invalidateProducts(queryClient);
    },
  });
}
