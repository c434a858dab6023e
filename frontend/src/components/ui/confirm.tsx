import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  /** The button that goes ahead, e.g. "Cancel order". */
  confirmLabel: string;
  /** The button that changes nothing, e.g. "Keep order". */
  cancelLabel?: string;
  /** Red confirm button, for what cannot be undone. */
  danger?: boolean;
  /** An optional free-text field sent along (e.g. the shop's reason for cancelling). */
  reason?: { label: string; maxLength: number; hint?: string };
}

/** What the person chose: false to change nothing, or go ahead with what they typed in the optional field. */
export type ConfirmAnswer = false | { reason: string };

interface Pending extends ConfirmOptions {
  resolve: (answer: ConfirmAnswer) => void;
}

/**
 * The in-app replacement for window.confirm(): `const [dialog, confirm] = useConfirm()`, render
 * `dialog`, then `if (!(await confirm({ … }))) return;`.
 */
export function useConfirm(): [ReactNode, (options: ConfirmOptions) => Promise<ConfirmAnswer>] {
  const [pending, setPending] = useState<Pending | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<ConfirmAnswer>((resolve) => {
        setPending({ ...options, resolve });
      }),
    [],
  );
  const answer = (value: ConfirmAnswer) => {
    pending?.resolve(value);
    setPending(null);
  };
  return [pending ? <ConfirmDialog {...pending} onAnswer={answer} /> : null, confirm];
}

function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Go back',
  danger,
  reason,
  onAnswer,
}: ConfirmOptions & { onAnswer: (answer: ConfirmAnswer) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const id = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The field when there is one, else the safe choice.
    (reasonRef.current ?? cancelRef.current)?.focus();
    // Back to the button that asked, once answered.
    return () => opener?.focus();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer({ reason: text.trim() });
  };

  return (
    <dialog
      ref={dialogRef}
      data-testid="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={message ? `${id}-message` : undefined}
      // Escape closes the dialog: the same as choosing to change nothing.
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onAnswer(false);
      }}
      className="m-auto w-full max-w-md bg-transparent p-4 backdrop:bg-black/50"
    >
      <form onSubmit={onSubmit} className="rounded-lg bg-white p-5 text-gray-700 shadow-xl sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-medium text-gray-800">
          {title}
        </h2>
        {message && (
          <div id={`${id}-message`} className="mt-2 text-sm text-gray-600">
            {message}
          </div>
        )}
        {reason && (
          <div className="mt-4">
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-gray-800">
              {reason.label}
            </label>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={reason.maxLength}
              rows={3}
              aria-describedby={`${id}-count`}
              className="mt-1 w-full rounded border border-gray-300 px-3 py-2 text-base outline-none focus:border-primary sm:text-sm"
            />
            <p id={`${id}-count`} className="mt-1 flex justify-between gap-2 text-xs text-gray-600">
              <span>{reason.hint}</span>
              <span>
                {text.length}/{reason.maxLength}
              </span>
            </p>
          </div>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={() => onAnswer(false)}
            className="min-h-11 rounded border border-gray-300 px-4 text-sm font-medium text-gray-700 hover:bg-gray-50"
          >
            {cancelLabel}
          </button>
          <button
            type="submit"
            className={`min-h-11 rounded px-4 text-sm font-medium text-white ${danger ? 'bg-red-700 hover:bg-red-800' : 'bg-primary hover:bg-primary-dull'}`}
          >
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
