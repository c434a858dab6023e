import { STATS_MAX_DAYS } from '@greencart/domain';
import { useId } from 'react';
import { FIRST_STATS_DAY, rangeProblem } from '../days';

/** From and to days (both included) for the dashboard's own period; the problem with them is said under them. */
export function CustomRange({
  from,
  to,
  today,
  onChange,
}: {
  from: string;
  to: string;
  today: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const fromId = useId();
  const toId = useId();
  const problem = rangeProblem(from, to, STATS_MAX_DAYS);
  const input = 'min-h-11 w-full rounded border border-gray-300 bg-white px-2 text-base sm:text-sm';
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end" data-testid="custom-range">
      <div className="min-w-0">
        <label htmlFor={fromId} className="block text-sm text-gray-600">
          From
        </label>
        <input
          id={fromId}
          type="date"
          value={from}
          min={FIRST_STATS_DAY}
          max={today}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => onChange({ from: event.target.value, to })}
          className={input}
        />
      </div>
      <div className="min-w-0">
        <label htmlFor={toId} className="block text-sm text-gray-600">
          To
        </label>
        <input
          id={toId}
          type="date"
          value={to}
          min={FIRST_STATS_DAY}
          max={today}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => onChange({ from, to: event.target.value })}
          className={input}
        />
      </div>
      {problem && (
        <p role="alert" className="col-span-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
