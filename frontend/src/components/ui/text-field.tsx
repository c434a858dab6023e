import { useId, type InputHTMLAttributes } from 'react';

/** A labelled text input as the sign-in forms use it; the label names the input for assistive tech and tests. */
export function TextField({
  label,
  onValueChange,
  ...input
}: { label: string; onValueChange: (value: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id' | 'className'>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        onChange={(event) => onValueChange(event.target.value)}
        className="mt-1 w-full rounded border border-gray-300 p-2 focus:border-primary"
        {...input}
      />
    </div>
  );
}
