import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** Toast settings of spec §9. */
const TOAST_LIMIT = 20;
/** Top-center, but under the header's first row (logo, cart badge, account; 60–77 px high): a toast never covers them. */
const BELOW_HEADER = { top: 84 };

export function AppToaster() {
  const { toasts } = useToasterStore();

  // react-hot-toast has no limit prop: dismiss the oldest visible toasts beyond 20.
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      containerStyle={BELOW_HEADER}
      gutter={8}
      toastOptions={{
        duration: 4000,
        removeDelay: 1000,
        success: { duration: 2000 },
        loading: { duration: Infinity },
      }}
    />
  );
}
