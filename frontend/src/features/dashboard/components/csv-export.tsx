import { useId, useState, type FormEvent } from 'react';
import { STATS_MAX_DAYS } from '@greencart/domain';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { downloadOrdersCsv } from '../api/download-orders-csv';
import { rangeProblem } from '../days';

/** Every order of a period as a CSV file for the accountant (today by default). */
export function CsvExport({ today }: { today: string }) {
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const fromId = useId();
  const toId = useId();
  const invalid = rangeProblem(from, to, STATS_MAX_DAYS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    setBusy(true);
    try {
      await downloadOrdersCsv(from, to);
    } catch (error) {
      toast.error(errorMessage(error), { id: 'orders-csv' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-describedby={invalid ? `${fromId}-problem` : undefined}>
      <div>
        <label htmlFor={fromId} className="block text-sm text-gray-600">
          From
        </label>
        <input
          id={fromId}
          type="date"
          value={from}
          max={today}
          onChange={(e) => setFrom(e.target.value)}
          className="min-h-11 rounded border border-gray-300 px-2"
        />
      </div>
      <div>
        <label htmlFor={toId} className="block text-sm text-gray-600">
          To
        </label>
        <input id={toId} type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} className="min-h-11 rounded border border-gray-300 px-2" />
      </div>
      <button
        type="submit"
        disabled={busy || Boolean(invalid)}
        className="min-h-11 rounded bg-primary px-4 text-sm font-medium text-white transition hover:bg-primary-dull disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? 'Preparing…' : 'Download CSV'}
      </button>
      {invalid && (
        <p id={`${fromId}-problem`} role="alert" className="w-full text-sm text-red-700">
          {invalid}
        </p>
      )}
    </form>
  );
}
