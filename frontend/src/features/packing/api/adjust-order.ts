import type { ApiSuccess, OrderAdjustmentView, OrderView } from '@greencart/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AdjustOrderInput {
  orderId: string;
  /** What was packed of each line (its index in the order's items); lines not named are packed in full. */
  lines: { line: number; packed: number }[];
  substitutes?: { forLine: number; product: string; variant?: string; quantity: number }[];
  reason?: string;
  /** One key per change: a retry after a lost answer makes the change (and its refund) once. */
  idempotencyKey: string;
}

/** POST /api/seller/orders/:id/adjust → the order as changed, and the change (its refund's status). */
export async function adjustOrder({ orderId, idempotencyKey, ...body }: AdjustOrderInput): Promise<{ order: OrderView; adjustment: OrderAdjustmentView }> {
  const { order, adjustment } = await api.post<ApiSuccess<{ order: OrderView; adjustment: OrderAdjustmentView }>>(
    `/api/seller/orders/${encodeURIComponent(orderId)}/adjust`,
    body,
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return { order, adjustment };
}

/** The seller saves what was packed; `onChanged` refreshes the order lists that show it (the orders feature's). */
export function useAdjustOrder({ onChanged }: { onChanged: () => unknown }) {
  return useMutation({
    mutationFn: adjustOrder,
    networkMode: 'always',
    onSettled: onChanged,
  });
}
