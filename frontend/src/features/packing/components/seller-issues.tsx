import { formatRupees } from '@greencart/domain';
import { useId, useState } from 'react';
import { useSellerIssues, type SellerIssue } from '../api/issues';
import { useResolveIssue } from '../api/resolve-issue';
import { IssuePhotoLink } from './issue-photo-link';

/** Open problem reports at the top of the seller's orders: refund (at most the reported units with tax) or decline, with a note. */
export function SellerIssues({ onChanged }: { onChanged: () => unknown }) {
  const issues = useSellerIssues();
  if (!issues.data?.length) return null;
  return (
    <section aria-label="Problem reports" data-testid="seller-issues" className="mt-4 rounded-md border-2 border-amber-400 p-3">
      <h2 className="font-semibold text-amber-900">Problem reports ({issues.data.length})</h2>
      <ul className="mt-2 space-y-3">
        {issues.data.map((issue) => (
          <SellerIssueItem key={issue._id} issue={issue} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  );
}

function SellerIssueItem({ issue, onChanged }: { issue: SellerIssue; onChanged: () => unknown }) {
  const resolve = useResolveIssue({ onChanged });
  const [rupees, setRupees] = useState((issue.capPaise / 100).toFixed(2));
  const [note, setNote] = useState('');
  const amountId = useId();
  const noteId = useId();
  const answer = (action: 'refund' | 'decline') =>
    resolve.mutate({
      orderId: issue._id,
      action,
      note: note.trim() || (action === 'refund' ? 'Sorry about that' : 'We could not refund this'),
      ...(action === 'refund' ? { amountPaise: Math.round(Number(rupees) * 100) } : {}),
    });
  return (
    <li data-testid="seller-issue" className="rounded bg-amber-50 p-2 text-sm">
      <p className="font-medium">
        {issue.orderNumber ?? issue._id} · {issue.lines.map((l) => `${l.name} × ${l.quantity} (${l.reason})`).join(', ')}
      </p>
      {issue.note && <p>“{issue.note}”</p>}
      <IssuePhotoLink photo={issue.photo}>See the photo</IssuePhotoLink>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label htmlFor={amountId} className="flex flex-col">
          Refund (₹, at most {formatRupees(issue.capPaise)})
          <input
            id={amountId}
            inputMode="decimal"
            value={rupees}
            onChange={(event) => setRupees(event.target.value)}
            className="h-11 w-28 rounded border border-gray-300 px-2 text-base"
          />
        </label>
        <label htmlFor={noteId} className="flex flex-1 flex-col sm:max-w-md">
          Note for the shopper
          <input
            id={noteId}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
            className="h-11 rounded border border-gray-300 px-2 text-base"
          />
        </label>
      </div>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          disabled={resolve.isPending}
          onClick={() => answer('refund')}
          className="min-h-11 rounded bg-primary px-4 font-medium text-white disabled:opacity-60"
        >
          Refund
        </button>
        <button type="button" disabled={resolve.isPending} onClick={() => answer('decline')} className="min-h-11 rounded border border-gray-300 px-4">
          Decline
        </button>
      </div>
    </li>
  );
}
