import { useEffect, useState } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** Toast settings of spec §9. */
const TOAST_LIMIT = 20;
/** Top-center, below the page's header (on a phone that is the logo, the delivery line and the search box): a toast never covers the search. */
const GAP = 8;
const FALLBACK_TOP = 84;

/** Where the header ends in the viewport now (it scrolls away with the page), at least GAP from the top. */
function belowHeader(header: Element | null): number {
  if (!header) return FALLBACK_TOP;
  return Math.max(GAP, Math.round(header.getBoundingClientRect().bottom) + GAP);
}

/** The header's bottom, followed through resizes (the search row wraps on phones) and scrolling. */
function useHeaderBottom(again: unknown): number {
  const [top, setTop] = useState(() => (typeof document === 'undefined' ? FALLBACK_TOP : belowHeader(document.querySelector('header'))));
  useEffect(() => {
    const header = document.querySelector('header');
    const update = () => setTop(belowHeader(header));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' || !header ? null : new ResizeObserver(update);
    if (header) observer?.observe(header);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [again]);
  return top;
}

export function AppToaster() {
  const { toasts } = useToasterStore();
  // Looked up again when toasts change: the page (and its header) may have changed meanwhile.
  const top = useHeaderBottom(toasts.length > 0 ? toasts[0]?.id : null);

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
      containerStyle={{ top }}
      gutter={GAP}
      toastOptions={{
        duration: 4000,
        removeDelay: 1000,
        success: { duration: 2000 },
        loading: { duration: Infinity },
      }}
    />
  );
}
