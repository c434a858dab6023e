import type { ApiSuccess, OrderIssueView, OrderView } from '@greencart/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { packingKeys } from './keys';

/** An open problem report as the seller's list has it: the order's id, number and payment with the report. */
export type SellerIssue = OrderIssueView & { _id: string; orderNumber?: string; paymentType: OrderView['paymentType']; amountPaise: number };

/** GET /api/seller/issues: open problem reports, newest first. */
export async function getSellerIssues(): Promise<SellerIssue[]> {
  return (await api.get<ApiSuccess<{ issues: SellerIssue[] }>>('/api/seller/issues')).issues;
}

export function useSellerIssues(enabled = true) {
  return useQuery({ queryKey: packingKeys.issues(), queryFn: getSellerIssues, refetchInterval: 60_000, enabled });
}
