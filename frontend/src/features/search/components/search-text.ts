import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/** How long typing pauses before the results page follows. */
const SEARCH_DELAY_MS = 300;

/**
 * What the navbar's box shows, and where the product it is typed to go: the text lives in
 * /products?search=… (results can be shared and reloaded) and follows the URL when it changes
 * elsewhere (back button, a link). The plain box and the combobox share it, and the first hands its
 * text and focus to the second when it arrives (`handover`).
 */
export const handover = { text: undefined as string | undefined, focused: false };

export function useSearchText({ handsOver = false }: { handsOver?: boolean } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const onProducts = location.pathname === '/products';
  const urlSearch = onProducts ? (searchParams.get('search') ?? '') : '';
  // `sent`: the text this box last put in the URL; the URL arriving there is no reason to replace what was typed since.
  // Handed over mid-typing, the plain box's pause may still send its text: that text is as good as sent.
  const [typed, setTyped] = useState(() => ({ text: handover.text ?? urlSearch, urlSearch, sent: handover.text }));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (typed.urlSearch !== urlSearch) setTyped({ text: urlSearch === typed.sent ? typed.text : urlSearch, urlSearch, sent: undefined });

  // The plain box's last pause still takes the shopper to the results after it hands over to the combobox.
  useEffect(() => () => void (handsOver || clearTimeout(timer.current)), [handsOver]);

  const go = (value: string) => {
    clearTimeout(timer.current);
    setTyped((current) => ({ ...current, sent: onProductsAfter(value) }));
    const target = value.trim() ? `/products?search=${encodeURIComponent(value)}` : '/products';
    // While typing on /products, replace the entry instead of stacking one per pause.
    navigate(target, { replace: location.pathname === '/products' });
  };

  return {
    text: typed.text,
    /** The shopper typed: the results page follows after a pause. */
    type(value: string) {
      if (handsOver) handover.text = value;
      setTyped((current) => ({ ...current, text: value }));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => go(value), SEARCH_DELAY_MS);
    },
    /** Enter or the search button: the results page at once. */
    submit: () => go(typed.text),
    /** A suggestion was chosen: nothing more to follow. */
    cancel: () => clearTimeout(timer.current),
  };
}

/** What `?search=` holds after going to the results for `value` ('' for all products). */
function onProductsAfter(value: string): string {
  return value.trim() ? value : '';
}
