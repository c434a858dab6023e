import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, ROLE_LABELS, type ActivityEntry, type ActivityKind } from '@greencart/domain';
import { useId, useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useActivity } from '../api/get-activity';
import { useStaff } from '../api/get-staff';
import { fieldLabel, fieldValue } from '../activity-fields';
import type { ActivityFilters } from '../api/keys';

/** /seller/activity (owner): who did what and when, newest first, with filters by date, person and kind. */
export function ActivityRoute() {
  const [filters, setFilters] = useState<ActivityFilters>({ page: 1 });
  const log = useActivity(filters);
  const team = useStaff();
  const id = useId();
  const set = (change: Partial<ActivityFilters>) => setFilters((f) => ({ ...f, ...change, page: change.page ?? 1 }));
  const field = 'mt-1 min-h-11 w-full rounded border border-gray-400 px-2';
  return (
    <section aria-labelledby="activity-heading" className="max-w-5xl">
      <title>Activity · GreenCart seller</title>
      <h1 id="activity-heading" className="text-lg font-medium">
        Activity
      </h1>
      <p className="mt-1 text-sm text-gray-600">Every change made in the seller area, by whom and when. Kept for a year.</p>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <label htmlFor={`${id}-from`} className="text-sm">
          From
          <input id={`${id}-from`} type="date" className={field} onChange={(e) => set({ from: e.target.value || undefined })} />
        </label>
        <label htmlFor={`${id}-to`} className="text-sm">
          Until
          <input
            id={`${id}-to`}
            type="date"
            className={field}
            onChange={(e) => set({ to: e.target.value ? new Date(new Date(e.target.value).getTime() + 86_400_000).toISOString().slice(0, 10) : undefined })}
          />
        </label>
        <label htmlFor={`${id}-actor`} className="text-sm">
          Who
          <select id={`${id}-actor`} className={field} onChange={(e) => set({ actor: e.target.value || undefined })}>
            <option value="">Everyone</option>
            <option value="owner">Owner</option>
            {(team.data ?? []).map((m) => (
              <option key={m._id} value={m._id}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-kind`} className="text-sm">
          What
          <select id={`${id}-kind`} className={field} onChange={(e) => set({ kind: (e.target.value || undefined) as ActivityKind | undefined })}>
            <option value="">Everything</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACTIVITY_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {log.isPending && <Spinner label="Loading the activity…" />}
      {log.isError && <ErrorNotice error={log.error} onRetry={() => void log.refetch()} />}
      {log.data &&
        (log.data.entries.length === 0 ? (
          <p className="mt-6 text-sm text-gray-600">Nothing recorded for these filters.</p>
        ) : (
          <ul className="mt-4 divide-y divide-gray-200 rounded-md border border-gray-300">
            {log.data.entries.map((entry) => (
              <Entry key={entry._id} entry={entry} />
            ))}
          </ul>
        ))}
      {log.data && (
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            disabled={filters.page <= 1}
            onClick={() => set({ page: filters.page - 1 })}
            className="min-h-11 rounded border border-gray-400 px-4 disabled:opacity-50"
          >
            Newer
          </button>
          <button
            type="button"
            disabled={!log.data.hasMore}
            onClick={() => set({ page: filters.page + 1 })}
            className="min-h-11 rounded border border-gray-400 px-4 disabled:opacity-50"
          >
            Older
          </button>
        </div>
      )}
    </section>
  );
}

function Entry({ entry }: { entry: ActivityEntry }) {
  const fields = Object.keys({ ...entry.before, ...entry.after });
  return (
    <li data-testid="activity-entry" className="p-3 text-sm">
      <p>
        <span className="font-medium text-gray-800">{entry.actor.name}</span>
        {entry.actor.name !== ROLE_LABELS[entry.actor.role] && <span className="text-gray-500"> ({ROLE_LABELS[entry.actor.role]})</span>} ·{' '}
        {ACTIVITY_KIND_LABELS[entry.kind]}
        {entry.subject !== ACTIVITY_KIND_LABELS[entry.kind] && (
          <>
            {' '}
            · <span className="break-words">{entry.subject}</span>
          </>
        )}
      </p>
      <time dateTime={entry.at} className="text-xs text-gray-500">
        {new Date(entry.at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}
      </time>
      {fields.length > 0 && (
        <ul className="mt-1 text-xs text-gray-600">
          {fields.slice(0, 8).map((key) => (
            <li key={key} className="break-words">
              {fieldLabel(key)}: {fieldValue(key, entry.before?.[key])} → {fieldValue(key, entry.after?.[key])}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
