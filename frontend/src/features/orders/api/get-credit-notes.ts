import type { CreditNotesResponse, CreditNoteView } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { orderKeys } from './keys';

type Reader = 'shopper' | 'seller';
const base = (orderId: string, as: Reader) => `${as === 'seller' ? '/api/seller/orders' : '/api/orders'}/${encodeURIComponent(orderId)}/credit-notes`;

/** GET /api/orders/:id/credit-notes (the shopper's own order) or the seller's: what went back after the invoice (issue 54). */
export async function getCreditNotes(orderId: string, as: Reader, signal?: AbortSignal): Promise<CreditNoteView[]> {
  return (await api.get<CreditNotesResponse>(base(orderId, as), { signal })).creditNotes;
}

export const getCreditNotesQueryOptions = (orderId: string, as: Reader) =>
  queryOptions({ queryKey: [...orderKeys.all, 'credit-notes', as, orderId] as const, queryFn: ({ signal }) => getCreditNotes(orderId, as, signal) });

/** The order's credit notes, asked only once `enabled` (the list is opened). */
export function useCreditNotes(orderId: string, as: Reader, enabled: boolean) {
  return useQuery({ ...getCreditNotesQueryOptions(orderId, as), enabled });
}

/** Saves one credit note (a PDF). */
export function downloadCreditNote(orderId: string, as: Reader, note: Pick<CreditNoteView, 'n' | 'number'>): Promise<void> {
  return downloadFile(`${base(orderId, as)}/${note.n}.pdf`, `credit-note-${note.number.replace(/\//g, '-')}.pdf`);
}
