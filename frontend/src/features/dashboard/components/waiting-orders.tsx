import { WAITING_STATUSES, type WaitingStatus } from '@greencart/domain';
import { Link } from 'react-router-dom';

/** The orders still to be handled, per status, with a way to the orders page. */
export function WaitingOrders({ waiting }: { waiting: Record<WaitingStatus, number> }) {
  const total = WAITING_STATUSES.reduce((sum, status) => sum + waiting[status], 0);
  return (
    <section aria-labelledby="waiting-heading" className="rounded-lg border border-gray-200 bg-white p-3 md:p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="waiting-heading" className="font-semibold text-gray-800">
          Orders waiting <span className="text-gray-600">({total})</span>
        </h2>
        <Link to="/seller/orders" className="text-sm font-medium text-primary underline-offset-2 hover:underline">
          Open orders
        </Link>
      </div>
      <ul className="mt-2 grid grid-cols-3 gap-2 text-center">
        {WAITING_STATUSES.map((status) => (
          <li key={status} className="rounded-md bg-gray-50 px-1 py-2" data-testid="waiting-status">
            <span className="block text-xl font-semibold text-gray-900 tabular-nums">{waiting[status]}</span>
            <span className="block text-xs text-gray-600">{status}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
