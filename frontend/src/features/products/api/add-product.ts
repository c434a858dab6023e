import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Product } from '../types';
import { invalidateProducts } from './product-cache';

/** POST /api/addproduct (seller, multipart: `productData` JSON and 1–4 files under `image`) → the new product. */
export async function addProduct(form: FormData): Promise<Product> {
  const { product } = await api.post<ApiSuccess<{ product: Product }>>('/api/addproduct', form);
  return product;
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    onSuccess: () => invalidateProducts(queryClient),
  });
}
