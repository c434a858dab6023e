import { DEFAULT_SLOT_DAYS, MAX_SLOT_DAYS, type SlotSettings } from '@greencart/domain';
import type { ReactNode } from 'react';

/** One weekly slot as the seller types it (text until saved). */
export interface SlotRow {
  key: number;
  days: number[];
  start: string;
  end: string;
  capacity: string;
  cutoffMinutes: string;
}

export interface SlotFormValues {
  express: boolean;
  slotDays: string;
  /** Days written YYYY-MM-DD, one per line or separated by commas. */
  closedDates: string;
  slots: SlotRow[];
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

let nextKey = 0;
const slotRow = (start = '07:00', end = '09:00', capacity = '20', cutoffMinutes = '60', days = EVERY_DAY): SlotRow => ({
  key: ++nextKey,
  days,
  start,
  end,
  capacity,
  cutoffMinutes,
});

export function toSlotForm(settings: Partial<SlotSettings>): SlotFormValues {
  return {
    express: settings.express ?? true,
    slotDays: String(settings.slotDays ?? DEFAULT_SLOT_DAYS),
    closedDates: (settings.closedDates ?? []).join('\n'),
    slots: (settings.slots ?? []).map((s) => slotRow(s.start, s.end, String(s.capacity), String(s.cutoffMinutes), s.days)),
  };
}

const asNumber = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

export function toSlotBody(values: SlotFormValues) {
  return {
    express: values.express,
    slotDays: asNumber(values.slotDays),
    closedDates: values.closedDates
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean),
    slots: values.slots.map((s) => ({
      days: s.days,
      start: s.start,
      end: s.end,
      capacity: asNumber(s.capacity),
      cutoffMinutes: asNumber(s.cutoffMinutes || '0'),
    })),
  };
}

interface Props {
  id: string;
  values: SlotFormValues;
  onChange: (values: SlotFormValues) => void;
  fieldError: (field: string) => ReactNode;
  invalid: (field: string) => object;
  inputClass: (field: string) => string;
}

/** Express on or off, the weekly delivery slots (days, times, capacity, cut-off), how many days ahead, and closed dates. */
export function SlotSettingsFields({ id, values, onChange, fieldError, invalid, inputClass }: Props) {
  const set = (patch: Partial<SlotFormValues>) => onChange({ ...values, ...patch });
  const setSlot = (key: number, patch: Partial<SlotRow>) => set({ slots: values.slots.map((s) => (s.key === key ? { ...s, ...patch } : s)) });
  return (
    <fieldset data-testid="slot-settings">
      <legend className="text-base font-medium text-gray-800">Delivery slots</legend>
      <p className="mt-1 text-sm text-gray-600">
        Shoppers choose a slot at checkout; each slot takes at most its capacity of orders and stops taking them at its cut-off.
      </p>
      <label className="mt-2 flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={values.express} onChange={(event) => set({ express: event.target.checked })} className="h-5 w-5 accent-primary" />
        Express delivery while open (in the area&rsquo;s minutes)
      </label>
      {values.slots.length > 0 && (
        <ul className="mt-3 space-y-3">
          {values.slots.map((slot, index) => {
            const at = `slots.${index}`;
            return (
              <li
                key={slot.key}
                data-testid="delivery-slot"
                className="grid grid-cols-2 gap-3 rounded-md border border-gray-300 p-3 sm:grid-cols-4 sm:items-start"
              >
                <div role="group" aria-label={`Slot ${index + 1} days`} className="col-span-2 flex flex-wrap gap-1 sm:col-span-4">
                  {WEEKDAYS.map((name, day) => (
                    <label
                      key={name}
                      className="flex min-h-11 min-w-11 items-center justify-center gap-1 rounded border border-gray-300 px-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10"
                    >
                      <input
                        type="checkbox"
                        className="accent-primary"
                        checked={slot.days.includes(day)}
                        onChange={(event) =>
                          setSlot(slot.key, { days: event.target.checked ? [...slot.days, day].sort() : slot.days.filter((d) => d !== day) })
                        }
                      />
                      {name}
                    </label>
                  ))}
                  <div className="w-full">{fieldError(`${at}.days`)}</div>
                </div>
                {(
                  [
                    ['start', 'From', 'time'],
                    ['end', 'To', 'time'],
                    ['capacity', 'Orders at most', 'number'],
                    ['cutoffMinutes', 'Cut-off (min before)', 'number'],
                  ] as const
                ).map(([field, label, type]) => (
                  <div key={field}>
                    <label htmlFor={`${id}-${at}.${field}`} className="text-sm">
                      {label}
                    </label>
                    <input
                      id={`${id}-${at}.${field}`}
                      type={type}
                      inputMode={type === 'number' ? 'numeric' : undefined}
                      value={slot[field]}
                      onChange={(event) => setSlot(slot.key, { [field]: event.target.value })}
                      className={inputClass(`${at}.${field}`)}
                      {...invalid(`${at}.${field}`)}
                    />
                    {fieldError(`${at}.${field}`)}
                  </div>
                ))}
                <div className="col-span-2 sm:col-span-4">{fieldError(at)}</div>
                <button
                  type="button"
                  onClick={() => set({ slots: values.slots.filter((s) => s.key !== slot.key) })}
                  aria-label={`Remove slot ${slot.start}–${slot.end}`}
                  className="col-span-2 min-h-11 rounded border border-red-200 px-3 text-sm text-red-700 hover:bg-red-50 sm:col-span-1"
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {fieldError('slots')}
      <button
        type="button"
        onClick={() => set({ slots: [...values.slots, slotRow()] })}
        className="mt-3 min-h-11 rounded border border-primary px-4 font-medium text-primary hover:bg-primary/10"
      >
        Add slot
      </button>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-slotDays`} className="text-sm font-medium text-gray-800">
            Days of slots shown
          </label>
          <input
            id={`${id}-slotDays`}
            type="number"
            inputMode="numeric"
            min="1"
            max={MAX_SLOT_DAYS}
            value={values.slotDays}
            onChange={(event) => set({ slotDays: event.target.value })}
            className={`mt-1 ${inputClass('slotDays')}`}
            {...invalid('slotDays')}
          />
          {fieldError('slotDays') ?? <p className="mt-1 text-xs text-gray-600">Today included, 1 to {MAX_SLOT_DAYS}.</p>}
        </div>
        <div>
          <label htmlFor={`${id}-closedDates`} className="text-sm font-medium text-gray-800">
            Closed dates
          </label>
          <textarea
            id={`${id}-closedDates`}
            rows={2}
            value={values.closedDates}
            onChange={(event) => set({ closedDates: event.target.value })}
            placeholder="2026-12-25"
            className={`mt-1 py-2 ${inputClass('closedDates')}`}
            {...invalid('closedDates')}
          />
          {fieldError('closedDates') ?? <p className="mt-1 text-xs text-gray-600">YYYY-MM-DD, one per line: no slots and no express.</p>}
        </div>
      </div>
    </fieldset>
  );
}
