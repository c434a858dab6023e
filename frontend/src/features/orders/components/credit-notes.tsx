import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { downloadCreditNote, useCreditNotes } from '../api/get-credit-notes';

/** Whether an order may have credit notes: something went back after it was placed (issue 54). */
export function mayHaveCreditNotes(order: { status: string; adjustments?: readonly unknown[]; issue?: { status: string } | null }): boolean {
  return order.status === 'Cancelled' || !!order.adjustments?.length || order.issue?.status === 'refunded';
}

/**
 * "Credit notes": opened, lists what went back after the order's invoice, each a PDF to save. Asked only
 * when opened, so a list of orders sends nothing for it.
 */
export function CreditNotes({ orderId, as }: { orderId: string; as: 'shopper' | 'seller' }) {
  const [open, setOpen] = useState(false);
  const notes = useCreditNotes(orderId, as, open);
  const save = (note: { n: number; number: string }) =>
    void downloadCreditNote(orderId, as, note).catch((error: unknown) => toast.error(errorMessage(error), { id: `credit-note-${orderId}` }));
  return (
    <details className="text-sm" onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
      <summary className="flex min-h-11 cursor-pointer items-center rounded border border-gray-300 px-4 font-medium text-gray-700 hover:bg-gray-100">
        Credit notes
      </summary>
      <div className="mt-2 space-y-1" data-testid="credit-notes">
        {notes.isPending && open && <p className="text-gray-600">Loading credit notes…</p>}
        {notes.isError && <p className="text-red-700">{errorMessage(notes.error)}</p>}
        {notes.data?.length === 0 && <p className="text-gray-600">None: the invoice shows what was supplied.</p>}
        {notes.data?.map((note) => (
          <button
            key={note.n}
            type="button"
            onClick={() => save(note)}
            className="flex min-h-11 w-full items-center justify-between gap-3 rounded px-2 text-left text-primary underline-offset-2 hover:underline"
          >
            <span>
              {note.number} · {note.reason}
            </span>
            <span className="text-gray-800">{formatRupees(note.amountPaise)}</span>
          </button>
        ))}
      </div>
    </details>
  );
}
