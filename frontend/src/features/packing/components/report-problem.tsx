import { ISSUE_NOTE_MAX, ISSUE_REASONS, ISSUE_WINDOW_HOURS, nameWithSize, type IssueReason, type OrderView } from '@greencart/domain';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useReportIssue } from '../api/report-issue';

const REASON_TEXT: Record<IssueReason, string> = { missing: 'Missing', damaged: 'Damaged', wrong: 'Wrong item', quality: 'Poor quality' };

/** Whether the shopper may still report a problem: delivered less than 24 hours ago, nothing reported yet. */
export function canReportProblem(order: Pick<OrderView, 'status' | 'statusHistory' | 'issue'>, now: Date = new Date()): boolean {
  if (order.status !== 'Delivered' || order.issue) return false;
  const delivered = [...(order.statusHistory ?? [])].reverse().find((change) => change.status === 'Delivered');
  return !!delivered && now.getTime() - Date.parse(delivered.at) <= ISSUE_WINDOW_HOURS * 3600_000;
}

/** "Something was wrong with my order": which lines, how many, why; a note and a photo, all optional but the lines. */
export function ReportProblem({ order, onChanged }: { order: OrderView; onChanged: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Record<number, { quantity: number; reason: IssueReason }>>({});
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | undefined>();
  const report = useReportIssue({ onChanged });
  const noteId = useId();
  const photoId = useId();
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className="min-h-11 rounded border border-amber-400 px-4 text-sm font-medium text-amber-900">
        Something was wrong?
      </button>
    );
  }
  const lines = Object.entries(picked).map(([line, { quantity, reason }]) => ({ line: Number(line), quantity, reason }));
  const submit = () =>
    report.mutate(
      { orderId: order._id, lines, ...(note.trim() ? { note: note.trim() } : {}), ...(photo ? { photo } : {}) },
      {
        onSuccess: () => {
          toast.success('Thank you: the shop will look at it', { id: `issue-${order._id}` });
          setOpen(false);
        },
        onError: (error) => toast.error(errorMessage(error), { id: `issue-${order._id}` }),
      },
    );
  return (
    <form
      aria-label="Report a problem"
      data-testid="report-problem"
      className="mt-3 w-full rounded border border-amber-300 bg-amber-50 p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="font-medium">What was wrong?</p>
      <ul className="mt-2 space-y-2">
        {order.items.map((item, index) =>
          item.quantity === 0 ? null : (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <label className="flex min-h-11 flex-1 items-center gap-2">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={!!picked[index]}
                  onChange={(event) =>
                    setPicked(({ [index]: _dropped, ...rest }) => (event.target.checked ? { ...rest, [index]: { quantity: 1, reason: 'missing' } } : rest))
                  }
                />
                {nameWithSize(item.name, item.label)} × {item.quantity}
              </label>
              {picked[index] && (
                <>
                  <input
                    type="number"
                    min={1}
                    max={item.quantity}
                    aria-label={`How many of ${item.name}`}
                    value={picked[index].quantity}
                    onChange={(event) =>
                      setPicked((now) => ({
                        ...now,
                        [index]: { ...now[index], quantity: Math.max(1, Math.min(item.quantity, Number(event.target.value) || 1)) },
                      }))
                    }
                    className="h-11 w-16 rounded border border-gray-300 px-2 text-base"
                  />
                  <select
                    aria-label={`What was wrong with ${item.name}`}
                    value={picked[index].reason}
                    onChange={(event) => setPicked((now) => ({ ...now, [index]: { ...now[index], reason: event.target.value as IssueReason } }))}
                    className="h-11 rounded border border-gray-300 bg-white px-2 text-base"
                  >
                    {ISSUE_REASONS.map((reason) => (
                      <option key={reason} value={reason}>
                        {REASON_TEXT[reason]}
                      </option>
                    ))}
                  </select>
                </>
              )}
            </li>
          ),
        )}
      </ul>
      <label htmlFor={noteId} className="mt-2 block">
        Note (optional)
      </label>
      <textarea
        id={noteId}
        value={note}
        maxLength={ISSUE_NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
        className="mt-1 w-full rounded border border-gray-300 p-2 text-base"
      />
      <label htmlFor={photoId} className="mt-2 block">
        Photo (optional)
      </label>
      <input id={photoId} type="file" accept="image/*" onChange={(event) => setPhoto(event.target.files?.[0])} className="mt-1 block" />
      <div className="mt-3 flex gap-2">
        <button
          type="submit"
          disabled={!lines.length || report.isPending}
          className="min-h-11 rounded bg-primary px-4 font-medium text-white disabled:opacity-60"
        >
          {report.isPending ? 'Sending…' : 'Send report'}
        </button>
        <button type="button" onClick={() => setOpen(false)} className="min-h-11 rounded border border-gray-300 px-4">
          Cancel
        </button>
      </div>
    </form>
  );
}
