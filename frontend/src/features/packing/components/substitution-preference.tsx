import type { SubstitutionChoice } from '@greencart/domain';
import { useId } from 'react';

/** Checkout asks once: "If an item is not available: Refund it (default) / Replace with a similar item". */
export function SubstitutionPreference({ value, onChange }: { value: SubstitutionChoice; onChange: (choice: SubstitutionChoice) => void }) {
  const name = useId();
  const choices: [SubstitutionChoice, string][] = [
    ['refund', 'Refund it'],
    ['similar', 'Replace with a similar item'],
  ];
  return (
    <fieldset className="mt-4 text-sm" data-testid="substitution-preference">
      <legend className="font-medium text-gray-800">If an item is not available</legend>
      <div className="mt-1 flex flex-col gap-1">
        {choices.map(([choice, label]) => (
          <label key={choice} className="flex min-h-11 cursor-pointer items-center gap-2 text-gray-700">
            <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} className="h-4 w-4 accent-primary" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
