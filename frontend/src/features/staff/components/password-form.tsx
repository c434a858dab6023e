import { STAFF_PASSWORD_MIN_LENGTH } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';

export interface PasswordFormValues {
  password: string;
  /** Only when the form asks for it (`askCurrent`). */
  currentPassword: string;
}

interface PasswordFormProps {
  /** The form's accessible name, when the page has more than one. */
  label?: string;
  /** Ask for the current password first (changing it). */
  askCurrent?: boolean;
  /** Ask for the new password twice and refuse two different ones (choosing a first one). */
  askAgain?: boolean;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal, shown under the fields (omitted: the page says it another way). */
  problem?: string | null;
  /** `clear` empties the fields, once the server has taken the password. */
  onSubmit: (values: PasswordFormValues, clear: () => void) => void;
  className?: string;
}

/** A staff member's new password (at least STAFF_PASSWORD_MIN_LENGTH characters): the invitation page and the password page. */
export function PasswordForm({ label, askCurrent = false, askAgain = false, submitLabel, pending, problem, onSubmit, className = '' }: PasswordFormProps) {
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const clear = () => {
    setCurrent('');
    setPassword('');
    setAgain('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differs = askAgain && password !== again;
    setMismatch(differs);
    if (!differs) onSubmit({ password, currentPassword }, clear);
  };
  const shown = mismatch ? 'The two passwords are not the same' : problem;
  return (
    <form onSubmit={submit} className={`flex flex-col gap-3 ${className}`} aria-label={label}>
      {askCurrent && <PasswordInput label="Current password" autoComplete="current-password" value={currentPassword} onChange={setCurrent} />}
      <PasswordInput
        label={`New password (at least ${STAFF_PASSWORD_MIN_LENGTH} characters)`}
        autoComplete="new-password"
        minLength={STAFF_PASSWORD_MIN_LENGTH}
        value={password}
        onChange={setPassword}
      />
      {askAgain && <PasswordInput label="The same password again" autoComplete="new-password" value={again} onChange={setAgain} />}
      {shown && (
        <p role="alert" className="text-sm text-red-700">
          {shown}
        </p>
      )}
      <button type="submit" disabled={pending} className="min-h-11 rounded bg-primary px-5 font-medium text-white hover:bg-primary-dull disabled:opacity-60">
        {submitLabel}
      </button>
    </form>
  );
}

interface PasswordInputProps {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  minLength?: number;
  value: string;
  onChange: (value: string) => void;
}

function PasswordInput({ label, autoComplete, minLength, value, onChange }: PasswordInputProps) {
  const id = useId();
  return (
    <label htmlFor={id} className="text-sm">
      {label}
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={minLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 min-h-11 w-full rounded border border-gray-400 px-3"
      />
    </label>
  );
}
