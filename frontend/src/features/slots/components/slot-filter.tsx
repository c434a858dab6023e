import { useId } from 'react';
import { Link } from 'react-router-dom';
import { pluralize } from '@/lib/format';
import { useSellerSlots } from '../api/get-seller-slots';

/** The packer's slot filter: "Today 07:00–09:00 · 12 orders", and the chosen slot's pick list. */
export function SlotFilter({ value, onChange }: { value: string | null; onChange: (slotId: string | null) => void }) {
  const slots = useSellerSlots();
  const id = useId();
  if (!slots.data?.length) return null;
  const chosen = slots.data.find((s) => s.id === value);
  return (
    <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
      <label htmlFor={id} className="sr-only">
        Delivery slot
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
        className="min-h-11 min-w-0 flex-1 rounded border border-gray-300 bg-white px-3 text-base sm:flex-none sm:text-sm"
      >
        <option value="">All delivery times</option>
        {slots.data.map((slot) => (
          <option key={slot.id} value={slot.id}>
            {slot.label} {slot.start}–{slot.end} · {pluralize(slot.orders, 'order')}
          </option>
        ))}
      </select>
      {chosen && (
        <Link
          to={`/seller/slots/${chosen.date}/${chosen.start}/picklist`}
          className="flex min-h-11 items-center rounded border border-primary px-4 text-sm font-medium text-primary hover:bg-primary/10"
        >
          Pick list
        </Link>
      )}
    </div>
  );
}
