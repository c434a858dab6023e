import { formatRupees, REFUND_ARRIVES_IN, type OrderView } from '@greencart/domain';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSettleIssue } from '../api/settle-issue';
import { IssuePhotoLink } from './issue-photo-link';

/**
 * The problem report on an order and the shop's answer; a seller whose role answers reports (`maySettle`: the
 * 'issues' permission, which the seller page reads) can mark a cash refund paid.
 */
export function IssueOutcome({
  order,
  as,
  onChanged,
  maySettle = false,
}: {
  order: Pick<OrderView, '_id' | 'issue' | 'paymentType'>;
  as: 'shopper' | 'seller';
  onChanged?: () => unknown;
  maySettle?: boolean;
}) {
  const settle = useSettleIssue({ onChanged: onChanged ?? (() => undefined) });
  const issue = order.issue;
  if (!issue) return null;
  const what = issue.lines.map((l) => `${l.name} × ${l.quantity} (${l.reason})`).join(', ');
  let answer: string;
  if (issue.status === 'open') answer = as === 'shopper' ? 'The shop will look at it soon.' : 'Waiting for your answer.';
  else if (issue.status === 'declined') answer = `Declined${issue.resolutionNote ? `: “${issue.resolutionNote}”` : ''}.`;
  else if (issue.cashOwedPaise) answer = `${formatRupees(issue.cashOwedPaise)} ${issue.settledAt ? 'paid back in cash' : 'to be paid back in cash'}.`;
  else if (issue.refund && (issue.refund.status === 'processed' || issue.refund.status === 'pending'))
    answer = `${formatRupees(issue.refund.amountPaise)} refunded — it reaches the account in ${REFUND_ARRIVES_IN}.`;
  else
    answer = `A refund of ${formatRupees(issue.amountPaise ?? 0)} is on its way${as === 'seller' && issue.refund?.error ? ` (not made yet: ${issue.refund.error})` : ''}.`;
  return (
    <div data-testid="issue-outcome" data-status={issue.status} className="mt-3 rounded border border-gray-300 bg-gray-50 px-3 py-2 text-sm">
      <p>
        <span className="font-medium">Problem reported:</span> {what}
      </p>
      <IssuePhotoLink photo={issue.photo}>{as === 'shopper' ? 'See your photo' : 'See the photo'}</IssuePhotoLink>
      <p data-testid="issue-answer">{answer}</p>
      {as === 'seller' && maySettle && issue.cashOwedPaise && !issue.settledAt && (
        <button
          type="button"
          disabled={settle.isPending}
          onClick={() => settle.mutate(order._id, { onError: (error) => toast.error(errorMessage(error), { id: `settle-${order._id}` }) })}
          className="mt-2 min-h-11 rounded border border-primary px-3 font-medium text-primary"
        >
          Mark {formatRupees(issue.cashOwedPaise)} paid in cash
        </button>
      )}
    </div>
  );
}
