import type { ApiSuccess, OrderView } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { packingKeys } from './keys';

export interface ResolveIssueInput {
  orderId: string;
  action: 'refund' | 'decline';
  amountPaise?: number;
  note: string;
}

/** POST /api/seller/issues/:id/resolve → the order with the answer (and its refund). */
export async function resolveIssue({ orderId, ...body }: ResolveIssueInput): Promise<OrderView> {
  return (await api.post<ApiSuccess<{ order: OrderView }>>(`/api/seller/issues/${encodeURIComponent(orderId)}/resolve`, body)).order;
}

export function useResolveIssue({ onChanged }: { onChanged: () => unknown }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveIssue,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: packingKeys.issues() }), onChanged()]),
  });
}
