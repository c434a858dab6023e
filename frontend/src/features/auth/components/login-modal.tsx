import { lazy, Suspense, useEffect, useRef, type MouseEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useLoginDialog } from './login-dialog-context';

// The form downloads when the dialog first opens, not with the first page.
const LoginForm = lazy(async () => ({ default: (await import('./login-form')).LoginForm }));

/** Login / Sign Up dialog. A native <dialog> gives focus trapping and Escape for free. */
export function LoginModal() {
  const { isOpen, close } = useLoginDialog();
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  // Clicks on the dialog element itself (not its content) are clicks on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <dialog
      ref={dialogRef}
      onClose={close}
      onClick={onClick}
      aria-labelledby="login-title"
      className="m-auto max-h-[100dvh] w-full max-w-sm overflow-y-auto bg-transparent p-4 backdrop:bg-black/50 open:flex"
    >
      {isOpen && (
        <div className="relative w-full">
          <Suspense
            fallback={
              <div className="w-full rounded-lg bg-white">
                <Spinner />
              </div>
            }
          >
            <LoginForm onDone={close} />
          </Suspense>
          {/* After the form in the tab order: focus starts on the first field. */}
          <button
            type="button"
            onClick={close}
            aria-label="Close"
            className="absolute top-2 right-2 flex h-11 w-11 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-800"
          >
            {/* Drawn here: borrowing the header's icon module would lengthen the first download's list of page chunks. */}
            <svg
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      )}
    </dialog>
  );
}
