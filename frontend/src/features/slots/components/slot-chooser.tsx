import { fewLeftText, type DeliverySlots, type SlotView } from '@greencart/domain';
import { useId } from 'react';

interface SlotChooserProps {
  slots: DeliverySlots | undefined;
  /** The chosen slot's id; null: express. */
  value: string | null;
  onChange: (slotId: string | null) => void;
  disabled?: boolean;
}

const chip =
  'min-h-11 rounded border px-3 py-1.5 text-left text-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50';
const chosen = 'border-primary bg-primary/10 font-medium text-gray-900';
const plain = 'border-gray-300 bg-white text-gray-700 hover:border-primary';

/**
 * When to deliver: express (while the shop offers it now) or one of the next days' slots, as chips. A full
 * or closed slot is shown but cannot be chosen; "Only 2 left" when few places remain.
 */
export function SlotChooser({ slots, value, onChange, disabled = false }: SlotChooserProps) {
  const headingId = useId();
  if (!slots?.days.length) return null;
  return (
    <div className="mt-6 mb-6" role="radiogroup" aria-labelledby={headingId} data-testid="slot-chooser">
      <h3 id={headingId} className="text-sm font-medium">
        Delivery time
      </h3>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          role="radio"
          aria-checked={value === null && slots.express.available}
          disabled={disabled || !slots.express.available}
          onClick={() => onChange(null)}
          className={`${chip} ${value === null && slots.express.available ? chosen : plain}`}
        >
          Express
          <span className="block text-xs text-gray-600">{slots.express.available ? `In ${slots.express.etaMinutes} min` : 'Not now'}</span>
        </button>
      </div>
      {!slots.express.available && <p className="mt-1 text-xs text-gray-600">{slots.express.message}</p>}
      {slots.days.map((day) => (
        <div key={day.date} className="mt-3">
          <p className="text-xs font-medium text-gray-600">{day.label}</p>
          <div className="mt-1 flex flex-wrap gap-2">
            {day.slots.map((slot) => (
              <SlotChip key={slot.id} slot={slot} day={day.label} checked={value === slot.id} disabled={disabled} onChoose={() => onChange(slot.id)} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

function SlotChip({ slot, day, checked, disabled, onChoose }: { slot: SlotView; day: string; checked: boolean; disabled: boolean; onChoose: () => void }) {
  const note = slot.available ? fewLeftText(slot) : slot.reason;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      aria-label={`${day} ${slot.start}–${slot.end}${note ? `, ${note}` : ''}`}
      disabled={disabled || !slot.available}
      onClick={onChoose}
      data-slot={slot.id}
      className={`${chip} ${checked ? chosen : plain}`}
    >
      {slot.start}–{slot.end}
      {note && <span className={`block text-xs ${slot.available ? 'text-amber-700' : 'text-gray-500'}`}>{note}</span>}
    </button>
  );
}
