import type { ApiSuccess, SellerStockView } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /api/seller/stock (seller): every product's stock as the seller sees it, by product id. */
export async function getSellerStock(signal?: AbortSignal): Promise<Map<string, SellerStockView>> {
  const { stock } = await api.get<ApiSuccess<{ stock: SellerStockView[] }>>('/api/seller/stock', { signal });
  return new Map(stock.map((entry) => [entry.productId, entry]));
}

export const getSellerStockQueryOptions = () =>
  queryOptions({ queryKey: productKeys.sellerStock(), queryFn: ({ signal }) => getSellerStock(signal), staleTime: 15_000, refetchOnWindowFocus: true });

export function useSellerStock() {
  return useQuery(getSellerStockQueryOptions());
}
