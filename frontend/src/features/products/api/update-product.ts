import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '../types';
import { invalidateProducts } from './product-cache';

export interface UpdateProductInput {
  id: string;
  /** `productData` JSON, `images` JSON (final slots: kept URLs and "new:N"), new files under `image`. */
  form: FormData;
}

/** PATCH /api/products/:id (seller, multipart) → the updated product. Images left out of `images` are deleted by the server. */
export async function updateProduct({ id, form }: UpdateProductInput): Promise<Product> {
  const { product } = await api.patch<ApiSuccess<{ product: Product }>>(`/api/products/${encodeURIComponent(id)}`, form);
  return product;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => invalidateProducts(queryClient),
  });
}
