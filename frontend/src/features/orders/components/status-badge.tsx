import { statusTone } from '../order-status';

/** An order's status as a coloured pill; the text alone is inside `order-status` for tests and screen readers. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${statusTone(status)}`} data-testid="order-status">
      {status}
    </span>
  );
}
