import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';

/** How long typing pauses before the results page follows. */
const SEARCH_DELAY_MS = 300;

/**
 * What the navbar's box shows, and where the product it is typed to go: the text lives in
 * /products?search=… (results can be shared and reloaded) and follows the URL when it changes
 * elsewhere (back button, a link). The plain box and the combobox share it, and the first hands its
 * text and focus to the second when it arrives (`handover`).
 */
export const handover = { text: undefined as string | undefined, focused: false };

/** The history entry of a results page the box itself went to: its `?search=` may be behind what was typed since. */
interface SearchBoxVisit {
  searchBox?: boolean;
}

export function useSearchText({ handsOver = false }: { handsOver?: boolean } = {}) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const urlSearch = location.pathname === '/products' ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  // The text is only ever set whole (what the input holds, or the URL's): never merged with other state,
  // so no render, whatever address it sees, can put an older text back into the box.
  const [text, setText] = useState(() => handover.text ?? urlSearch);
  // The URL's search as the box last took account of it.
  const [followed, setFollowed] = useState(urlSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (followed !== urlSearch) {
    setFollowed(urlSearch);
    // Its own visits never replace the text: keys typed while that page was on its way (its code
    // downloading on a slow machine) would be lost. Back and forward, and anyone else's links, do.
    const ownVisit = navigationType !== 'POP' && (location.state as SearchBoxVisit | null)?.searchBox === true;
    if (!ownVisit) setText(urlSearch);
  }

  // The plain box's last pause still takes the shopper to the results after it hands over to the combobox.
  useEffect(() => () => void (handsOver || clearTimeout(timer.current)), [handsOver]);

  const go = (value: string) => {
    clearTimeout(timer.current);
    const target = value.trim() ? `/products?search=${encodeURIComponent(value)}` : '/products';
    // While typing on /products, replace the entry instead of stacking one per pause.
    navigate(target, { replace: location.pathname === '/products', state: { searchBox: true } satisfies SearchBoxVisit });
  };

  return {
    text,
    /** The shopper typed: the results page follows after a pause. */
    type(value: string) {
      if (handsOver) handover.text = value;
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => go(value), SEARCH_DELAY_MS);
    },
    /** Enter or the search button: the results page at once. */
    submit: () => go(text),
    /** A suggestion was chosen: nothing more to follow. */
    cancel: () => clearTimeout(timer.current),
  };
}
