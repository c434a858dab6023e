import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { downloadInvoice } from '../api/download-invoice';

/** Downloads the order's tax invoice (PDF); a refusal (say, a cancelled order) is an error toast. */
export function InvoiceButton({ orderId, as, className = '' }: { orderId: string; as: 'shopper' | 'seller'; className?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoice(orderId, as);
    } catch (error) {
      toast.error(errorMessage(error), { id: `invoice-${orderId}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={download}
      disabled={busy}
      className={`min-h-11 rounded border border-gray-300 px-4 text-sm font-medium text-gray-700 transition hover:bg-gray-100 disabled:cursor-wait disabled:opacity-60 ${className}`}
    >
      {busy ? 'Preparing invoice…' : 'Tax invoice (PDF)'}
    </button>
  );
}
