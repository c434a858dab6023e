import type { ApiSuccess, IssueReason, OrderView } from '@greencart/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ReportIssueInput {
  orderId: string;
  lines: { line: number; quantity: number; reason: IssueReason }[];
  note?: string;
  photo?: File;
}

/** POST /api/orders/:id/issues (multipart): "Something was wrong with my order". */
export async function reportIssue({ orderId, lines, note, photo }: ReportIssueInput): Promise<OrderView> {
  const form = new FormData();
  form.append('lines', JSON.stringify(lines));
  if (note) form.append('note', note);
  if (photo) form.append('photo', photo);
  return (await api.post<ApiSuccess<{ order: OrderView }>>(`/api/orders/${encodeURIComponent(orderId)}/issues`, form)).order;
}

export function useReportIssue({ onChanged }: { onChanged: () => unknown }) {
  return useMutation({ mutationFn: reportIssue, onSettled: onChanged });
}
