import type { StatsResponse } from '@greencart/domain';
import { formatPrice } from '@/lib/format';
import { pluralize } from '@/lib/pluralize';

/** Cash on delivery against online payment (orders and revenue), and what was cancelled or refunded. */
export function PaymentSplit({ stats }: { stats: Pick<StatsResponse, 'byPayment' | 'cancelled' | 'refunded' | 'revenue'> }) {
  const { cod, online } = stats.byPayment;
  const total = cod.revenue + online.revenue;
  const codShare = total ? Math.round((cod.revenue / total) * 100) : 0;
  return (
    <div data-testid="payment-split">
      <div className="flex h-3 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
        {total > 0 && <div className="bg-amber-500" style={{ width: `${codShare}%` }} />}
        {total > 0 && <div className="bg-primary" style={{ width: `${100 - codShare}%` }} />}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="flex items-center gap-2 text-gray-600">
            <span className="inline-block h-2.5 w-2.5 rounded-full bg-amber-500" aria-hidden="true" />
            Cash on delivery
          </dt>
          <dd className="font-medium text-gray-800 tabular-nums">
            {formatPrice(cod.revenue)} · {pluralize(cod.orders, 'order')}
          </dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 text-gray-600">
            <span className="inline-block h-2.5 w-2.5 rounded-full bg-primary" aria-hidden="true" />
            Online
          </dt>
          <dd className="font-medium text-gray-800 tabular-nums">
            {formatPrice(online.revenue)} · {pluralize(online.orders, 'order')}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-gray-600">
        Not counted: {pluralize(stats.cancelled.orders, 'cancelled order')} ({formatPrice(stats.cancelled.amount)})
        {stats.refunded.orders > 0 && `, of which ${stats.refunded.orders} refunded (${formatPrice(stats.refunded.amount)})`}.
      </p>
    </div>
  );
}
