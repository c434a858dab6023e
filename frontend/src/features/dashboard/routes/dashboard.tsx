import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '@greencart/domain';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useSellerConnection } from '@/lib/socket';
import { useStats } from '../api/get-stats';
import { useStatsPushes } from '../api/stats-pushes';
import { CsvExport } from '../components/csv-export';
import { DiscountFigures } from '../components/discount-figures';
import { Gstr1Export } from '../components/gstr1-export';
import { TaxFigures } from '../components/tax-figures';
import { PaymentSplit } from '../components/payment-split';
import { CustomRange } from '../components/custom-range';
import { TodayCancellations, TodayFigures } from '../components/today-figures';
import { TopProducts } from '../components/top-products';
import { WaitingOrders } from '../components/waiting-orders';
import { addDays, formatDay, rangeProblem } from '../days';
import type { StatsRange } from '../api/keys';
import { pluralize } from '@/lib/format';

// The chart library comes after the figures: they show first on a slow phone.
const SalesChart = lazy(async () => ({ default: (await import('../components/sales-chart')).SalesChart }));

const PERIODS = [
  { days: 1, label: 'Today' },
  { days: 7, label: '7 days' },
  { days: STATS_DEFAULT_DAYS, label: '30 days' },
] as const;

/** /seller: the seller's day at a glance, live. */
export function DashboardRoute() {
  const { socket } = useSellerConnection();
  useStatsPushes(socket);
  const month = useStats({ days: STATS_DEFAULT_DAYS });
  const day = useStats({ days: 1 });
  const [period, setPeriod] = useState<number | 'custom'>(1);
  // The days typed in From/To, and the last of them that made a range (what the panels show).
  const [typed, setTyped] = useState<{ from: string; to: string } | null>(null);
  const [custom, setCustom] = useState<{ from: string; to: string } | null>(null);
  const range: StatsRange = period === 'custom' ? (custom ?? { days: 7 }) : { days: period };
  const chosen = useStats(range);

  if (month.isPending) return <Spinner label="Loading your figures…" />;
  if (month.isError) return <ErrorNotice error={month.error} onRetry={() => void month.refetch()} />;
  const stats = month.data;
  const [yesterday, today] = stats.byDay.slice(-2);
  const shown = chosen.data ?? stats;
  const chooseCustom = () => {
    setPeriod('custom');
    if (!typed) {
      const start = { from: addDays(stats.today, -6), to: stats.today };
      setTyped(start);
      setCustom(start);
    }
  };
  const typeRange = (next: { from: string; to: string }) => {
    setTyped(next);
    if (!rangeProblem(next.from, next.to, STATS_MAX_DAYS)) setCustom(next);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-4 pb-8 md:space-y-6">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h1 className="text-xl font-semibold text-gray-900 md:text-2xl">Today</h1>
        <p className="text-sm text-gray-600">{formatDay(stats.today, { weekday: 'long', day: 'numeric', month: 'long' })} · live</p>
      </header>

      <TodayFigures today={today} yesterday={yesterday} />
      {day.data && <TodayCancellations cancelled={day.data.cancelled} refunded={day.data.refunded} discounts={day.data.discounts} />}
      <WaitingOrders waiting={stats.waiting} />

      <Panel title="Last 30 days" id="chart-heading" aside={<span className="text-sm text-gray-600 tabular-nums">{pluralize(stats.orders, 'order')}</span>}>
        <Suspense fallback={<div className="h-[220px]" />}>
          <SalesChart days={stats.byDay} />
        </Suspense>
      </Panel>

      <fieldset className="flex gap-1 rounded-lg bg-gray-100 p-1">
        <legend className="sr-only">Period for top products, payments and discounts</legend>
        {PERIODS.map((p) => (
          <label
            key={p.days}
            className={`flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-dull ${
              period === p.days ? 'bg-white text-primary shadow-sm' : 'text-gray-700'
            }`}
          >
            <input type="radio" name="period" value={p.days} checked={period === p.days} onChange={() => setPeriod(p.days)} className="sr-only" />
            {p.label}
          </label>
        ))}
        <label
          className={`flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-dull ${
            period === 'custom' ? 'bg-white text-primary shadow-sm' : 'text-gray-700'
          }`}
        >
          <input type="radio" name="period" value="custom" checked={period === 'custom'} onChange={chooseCustom} className="sr-only" />
          Dates…
        </label>
      </fieldset>
      {period === 'custom' && typed && <CustomRange {...typed} today={stats.today} onChange={typeRange} />}

      <div className="grid gap-4 md:grid-cols-2 md:gap-6">
        <Panel title="Top products" id="top-heading">
          <TopProducts products={shown.topProducts} />
        </Panel>
        <Panel title="Payments and discounts" id="payments-heading">
          <PaymentSplit stats={shown} />
          <DiscountFigures stats={shown} />
        </Panel>
      </div>

      <div className="grid gap-4 md:grid-cols-2 md:gap-6">
        <Panel title="Tax" id="tax-heading">
          <TaxFigures tax={shown.tax} />
        </Panel>
        <Panel title="GST return (GSTR-1)" id="gstr1-heading">
          <Gstr1Export today={stats.today} />
        </Panel>
      </div>

      <Panel title="Export orders (CSV)" id="export-heading">
        <CsvExport today={stats.today} />
      </Panel>
    </div>
  );
}

function Panel({ title, id, aside, children }: { title: string; id: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-gray-200 bg-white p-3 md:p-4">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold text-gray-800">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
