import { normalisePincode, PINCODE_MESSAGE, PINCODE_PATTERN } from '@greencart/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { CloseIcon } from '@/components/ui/nav-icons';
import { errorMessage } from '@/lib/api-client';
import { getDeliveryCheckQueryOptions } from '../api/get-delivery-check';
import { pincodeStore } from '../pincode-store';

/** Asks where to deliver: checks the pincode with the shop, keeps it, and says what the shop answered. */
export function PincodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const [value, setValue] = useState(pincodeStore.get() ?? '');
  const [error, setError] = useState('');
  const [checking, setChecking] = useState(false);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const pincode = value.trim();
    if (!PINCODE_PATTERN.test(pincode)) return setError(PINCODE_MESSAGE);
    setChecking(true);
    try {
      const check = await queryClient.fetchQuery(getDeliveryCheckQueryOptions(pincode));
      pincodeStore.set(pincode);
      setError('');
      // Served: done. Not served: the header says so, and the shopper can still browse.
      if (check.serviceable) onClose();
      else setError(check.message);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setChecking(false);
    }
  };

  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      onClick={onBackdrop}
      aria-labelledby={`${inputId}-title`}
      className="m-auto w-full max-w-sm bg-transparent p-4 backdrop:bg-black/50"
    >
      <form onSubmit={(event) => void onSubmit(event)} className="relative rounded-lg bg-white p-6 text-gray-700 shadow-xl">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded hover:bg-gray-100"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
        <h2 id={`${inputId}-title`} className="pr-10 text-xl font-medium text-gray-800">
          Where should we deliver?
        </h2>
        <p className="mt-1 text-sm text-gray-600">Enter your pincode to see if we deliver there and how soon.</p>
        <label htmlFor={inputId} className="mt-4 block text-sm font-medium">
          Pincode
        </label>
        <input
          id={inputId}
          value={value}
          onChange={(event) => {
            // Pasted as "411 045": kept as its digits, never cut to six (a wrong one is said on checking).
            setValue(normalisePincode(event.target.value));
            setError('');
          }}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="e.g. 411045"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-1 min-h-11 w-full rounded border border-gray-300 p-2 text-lg tracking-widest focus:border-primary"
        />
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <button
          type="submit"
          disabled={checking}
          className="mt-4 min-h-11 w-full rounded bg-primary font-medium text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
        >
          {checking ? 'Checking…' : 'Check delivery'}
        </button>
      </form>
    </dialog>
  );
}
