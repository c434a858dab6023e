import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useShopTax } from '@/features/shop';
import { downloadGstr1, type Gstr1Format } from '../api/download-gstr1';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month before `today` ("2026-12-04" → "2026-11"): the one a shop files by the 11th. */
export function lastMonth(today: string): string {
  const [year, month] = today.split('-').map(Number);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The month's GSTR-1 for the accountant (issue 54): the GST portal offline tool's JSON, or its CSV
 * templates in a zip, from the month's invoices and credit notes. Last month by default.
 */
export function Gstr1Export({ today }: { today: string }) {
  const { taxMode } = useShopTax();
  const [month, setMonth] = useState(lastMonth(today));
  const [busy, setBusy] = useState<Gstr1Format | null>(null);
  const id = useId();
  const invalid = MONTH.test(month) ? (month > today.slice(0, 7) ? 'Choose this month or an earlier one.' : undefined) : 'Choose a month.';

  const download = async (format: Gstr1Format) => {
    if (invalid) return;
    setBusy(format);
    try {
      await downloadGstr1(month, format);
    } catch (error) {
      toast.error(errorMessage(error), { id: 'gstr1' });
    } finally {
      setBusy(null);
    }
  };

  const button = 'min-h-11 rounded px-4 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-60';
  return (
    <div className="space-y-2">
      <p className="text-sm text-gray-600">
        {taxMode === 'gst'
          ? 'The month’s invoices and credit notes as the GST portal’s offline tool reads them: B2B, B2C, credit notes, HSN summary and documents issued.'
          : 'GSTR-1 is filed by a GST-registered shop. Months in which the shop was in GST mode can still be downloaded.'}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={id} className="block text-sm text-gray-600">
            Month
          </label>
          <input
            id={id}
            type="month"
            value={month}
            max={today.slice(0, 7)}
            onChange={(e) => setMonth(e.target.value)}
            aria-describedby={invalid ? `${id}-problem` : undefined}
            className="min-h-11 rounded border border-gray-300 px-2"
          />
        </div>
        <button
          type="button"
          onClick={() => void download('json')}
          disabled={busy !== null || Boolean(invalid)}
          className={`${button} bg-primary text-white hover:bg-primary-dull`}
        >
          {busy === 'json' ? 'Preparing…' : 'Download JSON'}
        </button>
        <button
          type="button"
          onClick={() => void download('csv')}
          disabled={busy !== null || Boolean(invalid)}
          className={`${button} border border-primary text-primary hover:bg-primary/10`}
        >
          {busy === 'csv' ? 'Preparing…' : 'CSV files (zip)'}
        </button>
      </div>
      {invalid && (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {invalid}
        </p>
      )}
    </div>
  );
}
