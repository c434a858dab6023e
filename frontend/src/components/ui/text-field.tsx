import { useId, type InputHTMLAttributes } from 'react';

/**
 * A labelled text input: the label names it for assistive tech and tests; `hint` says the rule
 * before anyone submits, `error` says what is wrong at the field itself.
 */
export function TextField({
  label,
  onValueChange,
  hint,
  error,
  ...input
}: { label: string; onValueChange: (value: string) => void; hint?: string; error?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'id' | 'className'
>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`mt-1 min-h-11 w-full rounded border p-2 focus:border-primary ${error ? 'border-red-500' : 'border-gray-300'}`}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
