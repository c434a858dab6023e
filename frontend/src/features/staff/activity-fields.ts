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
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number'))
    text = value.length ? value.join(', ') : '(none)';
  else text = JSON.stringify(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 3)}…` : text;
}
