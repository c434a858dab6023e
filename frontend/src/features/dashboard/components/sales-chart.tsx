import type { StatsDay } from '@greencart/domain';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPrice } from '@/lib/format';
import { chartTime, formatDay } from '../days';

const GREEN = '#237a52';
const AMBER = '#b45309';
const HEIGHT = 220;

/** Revenue per day (bars) and orders per day (line) with uPlot, sized to its box. A table says the same to screen readers. */
export function SalesChart({ days }: { days: StatsDay[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const x = days.map((d) => chartTime(d.date));
    const data: uPlot.AlignedData = [x, days.map((d) => d.revenue), days.map((d) => d.orders)];
    const compactRupees = (value: number) =>
      value >= 100_000 ? `₹${(value / 100_000).toFixed(1)}L` : value >= 1_000 ? `₹${(value / 1_000).toFixed(1)}k` : `₹${value}`;
    const options: uPlot.Options = {
      width: Math.max(240, target.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: {
        x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
        rupees: { range: (_u, _min, max) => [0, Math.max(100, max * 1.1)] },
        orders: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
      },
      series: [
        {},
        {
          label: 'Revenue',
          scale: 'rupees',
          stroke: GREEN,
          fill: 'rgba(35, 122, 82, 0.35)',
          paths: uPlot.paths.bars!({ size: [0.7, 24] }),
          points: { show: false },
        },
        { label: 'Orders', scale: 'orders', stroke: AMBER, width: 2, points: { show: days.length <= 14 } },
      ],
      axes: [
        {
          stroke: '#4b5563',
          grid: { show: false },
          values: (_u, splits) => splits.map((s) => formatDay(new Date(s * 1000).toISOString().slice(0, 10), { day: 'numeric', month: 'short' })),
        },
        { scale: 'rupees', stroke: '#4b5563', size: 52, values: (_u, splits) => splits.map(compactRupees), grid: { stroke: '#e5e7eb' } },
        {
          scale: 'orders',
          side: 1,
          stroke: AMBER,
          size: 36,
          grid: { show: false },
          values: (_u, splits) => splits.map((s) => (Number.isInteger(s) ? String(s) : '')),
        },
      ],
    };
    const chart = new uPlot(options, data, target);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(240, target.clientWidth), height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);

  return (
    <figure>
      <div ref={box} aria-hidden="true" data-testid="sales-chart" className="w-full" />
      <figcaption className="mt-2 flex gap-4 text-xs text-gray-600" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: GREEN }} /> Revenue
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-3" style={{ background: AMBER }} /> Orders
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>Revenue and orders per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatDay(d.date)}</th>
              <td>{formatPrice(d.revenue)}</td>
              <td>{d.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
