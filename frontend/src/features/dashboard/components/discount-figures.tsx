import type { StatsResponse } from '@greencart/domain';
import { formatPrice, pluralize } from '@/lib/format';

/**
 * The period's revenue after coupon discounts (what the orders charged) and the discount given, so the
 * seller sees what an offer cost beside what it brought in.
 */
export function DiscountFigures({ stats }: { stats: Pick<StatsResponse, 'revenue' | 'discounts'> }) {
  const { discounts } = stats;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-gray-100 pt-3 text-sm" data-testid="discount-figures">
      <div>
        <dt className="text-gray-600">Revenue after discounts</dt>
        <dd className="font-medium text-gray-800 tabular-nums" data-testid="revenue-after-discounts">
          {formatPrice(stats.revenue)}
        </dd>
      </div>
      <div>
        <dt className="text-gray-600">Discount given</dt>
        <dd className="font-medium text-gray-800 tabular-nums" data-testid="discount-given">
          {formatPrice(discounts.amount)}
        </dd>
        <dd className="text-xs text-gray-600" data-testid="coupon-orders">
          {pluralize(discounts.orders, 'order')} with a coupon
        </dd>
      </div>
    </dl>
  );
}

/** Today's coupon orders and what they took off, said beside the cancellations when there were any. */
export function todayDiscountText(discounts: StatsResponse['discounts']): string | null {
  if (!discounts.orders) return null;
  return `Coupons today: ${pluralize(discounts.orders, 'order')} (${formatPrice(discounts.amount)} off)`;
}
