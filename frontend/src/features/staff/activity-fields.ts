import { formatRupees } from '@greencart/domain';

const LONGEST = 80;

/** A changed field's name as the owner reads it: money fields lose their `Paise` ("refundPaise" → "refund"). */
export function fieldLabel(key: string): string {
  return key.endsWith('Paise') && key.length > 'Paise'.length ? key.slice(0, -'Paise'.length) : key;
}

/** A changed field's value as the owner reads it: paise as rupees, lists as lists, nothing as "—", long text cut. */
export function fieldValue(key: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  let text: string;
  if (typeof value === 'number' && key.endsWith('Paise')) text = formatRupees(value);
  else if (typeof value === 'boolean') text = value ? 'yes' : 'no';
  else if (typeof value === 'string') text = value;
  // A shop's slots are read whole, however many: they are what the change was about.
  else if (Array.isArray(value) && value.length && value.every(isSlot)) return value.map(slotText).join('; ');
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    text = value.length ? value.join(', ') : '(none)';
  else text = JSON.stringify(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 3)}…` : text;
}

interface SlotValue {
  days: number[];
  start: string;
  end: string;
  capacity: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function isSlot(item: unknown): item is SlotValue {
  const slot = item as Partial<SlotValue> | null;
  return !!slot && Array.isArray(slot.days) && typeof slot.start === 'string' && typeof slot.end === 'string' && typeof slot.capacity === 'number';
}

/** A delivery slot as the owner typed it: "Mon–Fri 07:00–09:00, 10 places", "Every day 18:00–20:00, 1 place". */
function slotText({ days, start, end, capacity }: SlotValue): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return `Every day ${start}–${end}, ${places(capacity)}`;
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(
      j - i >= 2
        ? `${WEEKDAYS[sorted[i]]}–${WEEKDAYS[sorted[j]]}`
        : sorted
            .slice(i, j + 1)
            .map((d) => WEEKDAYS[d])
            .join(', '),
    );
    i = j + 1;
  }
  return `${runs.join(', ')} ${start}–${end}, ${places(capacity)}`;
}

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;
