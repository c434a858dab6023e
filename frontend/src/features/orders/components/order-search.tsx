import { useId } from 'react';

/** Find an order by its number ('GC-104273' or just the digits). */
export function OrderSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="w-full sm:w-64">
      <label htmlFor={id} className="sr-only">
        Search by order number
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="Order number, e.g. GC-104273"
        inputMode="search"
        className="min-h-11 w-full rounded border border-gray-300 px-3 text-base outline-none focus:border-primary sm:text-sm"
      />
    </div>
  );
}
