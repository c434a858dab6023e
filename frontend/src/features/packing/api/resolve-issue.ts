import type { ApiSuccess, OrderView } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
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
    // Said here rather than in mutate's callbacks: an answered report leaves the list, and its item may unmount
    // before those would run (they are then skipped), so the seller would not hear that the refund is on its way.
    onSuccess: (_order, input) => void toast.success(input.action === 'refund' ? 'Refund on its way' : 'Report declined', { id: `issue-${input.orderId}` }),
    onError: (error, input) => void toast.error(errorMessage(error), { id: `issue-${input.orderId}` }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: packingKeys.issues() }), onChanged()]),
  });
}
