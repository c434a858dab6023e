import type { StatsDay } from '@greencart/domain';
import { formatPrice, pluralize } from '@/lib/format';
import { todayDiscountText } from './discount-figures';

interface Figures {
  revenue: number;
  orders: number;
  averageOrderValue: number;
}

const figuresOf = (day: StatsDay | undefined): Figures => ({
  revenue: day?.revenue ?? 0,
  orders: day?.orders ?? 0,
  averageOrderValue: day && day.orders ? Math.round((day.revenue / day.orders) * 100) / 100 : 0,
});

/** Today's revenue, orders and average order value, each against yesterday's. */
export function TodayFigures({ today, yesterday }: { today: StatsDay | undefined; yesterday: StatsDay | undefined }) {
  const now = figuresOf(today);
  const before = figuresOf(yesterday);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="today-figures">
      <Figure
        label="Revenue"
        testId="today-revenue"
        value={formatPrice(now.revenue)}
        then={formatPrice(before.revenue)}
        change={change(now.revenue, before.revenue)}
        wide
      />
      <Figure label="Orders" testId="today-orders" value={String(now.orders)} then={String(before.orders)} change={change(now.orders, before.orders)} />
      <Figure
        label="Average order"
        testId="today-aov"
        value={formatPrice(now.averageOrderValue)}
        then={formatPrice(before.averageOrderValue)}
        change={change(now.averageOrderValue, before.averageOrderValue)}
      />
    </dl>
  );
}

/** Percent change from `before` to `now`, or null when there is nothing to compare with. */
function change(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

function Figure({
  label,
  value,
  then,
  change,
  wide = false,
  testId,
}: {
  label: string;
  value: string;
  then: string;
  change: number | null;
  wide?: boolean;
  testId: string;
}) {
  const tone = change === null || change === 0 ? 'text-gray-600' : change > 0 ? 'text-primary' : 'text-red-700';
  const arrow = change === null || change === 0 ? '' : change > 0 ? '▲ ' : '▼ ';
  return (
    <div className={`rounded-lg border border-gray-200 bg-white p-3 md:p-4 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="mt-1 text-xs text-gray-600">
        {change !== null && (
          <span className={`font-medium ${tone}`}>
            {arrow}
            {Math.abs(change)}%{' '}
          </span>
        )}
        <span>yesterday {then}</span>
      </dd>
    </div>
  );
}

/**
 * Today's cancelled orders and refunds (orders placed today): revenue that went away, said beside the
 * figures; and the coupons used today, when any were.
 */
export function TodayCancellations({
  cancelled,
  refunded,
  discounts,
}: {
  cancelled: { orders: number; amount: number };
  refunded: { orders: number; amount: number };
  discounts?: { orders: number; amount: number };
}) {
  const coupons = discounts ? todayDiscountText(discounts) : null;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700" data-testid="today-cancellations">
      <span className={cancelled.orders ? 'font-medium text-red-700' : ''}>
        Cancelled today: {pluralize(cancelled.orders, 'order')}
        {cancelled.orders > 0 && ` (${formatPrice(cancelled.amount)})`}
      </span>
      <span>
        Refunded today: {pluralize(refunded.orders, 'order')}
        {refunded.orders > 0 && ` (${formatPrice(refunded.amount)})`}
      </span>
      {coupons && <span data-testid="today-discounts">{coupons}</span>}
    </p>
  );
}
