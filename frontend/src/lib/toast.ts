/**
 * Toasts without react-hot-toast in the first download: the library (and the toaster that shows
 * them) loads with the first toast. Give an `id` per action so a new message replaces the last one
 * of the same action instead of stacking under it.
 */
interface ToastOptions {
  id?: string;
  duration?: number;
}

type ToastLibrary = typeof import('react-hot-toast');

let library: Promise<ToastLibrary> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

export function loadToastLibrary(): Promise<ToastLibrary> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  return (library ??= import('react-hot-toast'));
}

/** Whether a toast was asked for yet (the toaster mounts from then on). */
export const toastWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => wanted,
};

function show(kind: 'success' | 'error' | 'info', message: string, options?: ToastOptions): void {
  void loadToastLibrary().then(({ default: toast }) => {
    // A toast of the same action (same id) replaces the one before it, whatever its kind.
    if (kind === 'info') toast(message, options);
    else toast[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  dismiss: (id?: string) => {
    if (library) void library.then(({ default: toast }) => toast.dismiss(id));
  },
};
