import type { ApiSuccess, OrderView } from '@greencart/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/seller/issues/:id/settle: a COD report's refund was paid in cash. */
export async function settleIssue(orderId: string): Promise<OrderView> {
  return (await api.post<ApiSuccess<{ order: OrderView }>>(`/api/seller/issues/${encodeURIComponent(orderId)}/settle`)).order;
}

export function useSettleIssue({ onChanged }: { onChanged: () => unknown }) {
  return useMutation({ mutationFn: settleIssue, onSettled: onChanged });
}
