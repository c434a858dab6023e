import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { PlainSearchBox } from './plain-search-box';

const SearchCombobox = lazy(async () => ({ default: (await import('./search-combobox')).SearchCombobox }));

/**
 * The navbar's search. Suggestions (a combobox with a grid of products) download after the first page
 * is up, or at once when the shopper reaches for the box; until then the plain box works alone, so
 * the first download stays small (issue 14's budget).
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const [wanted, setWantedNow] = useState(false);
  // In a transition the plain box stays (and keeps working) until the combobox has downloaded; without it
  // React would hide the box and show a second copy as the fallback, two search boxes for a moment.
  const setWanted = (value: boolean) => startTransition(() => setWantedNow(value));
  useEffect(() => {
    // A moment after the first page is up (it downloads while the shopper looks at it).
    const timer = setTimeout(() => setWanted(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  const plain = <PlainSearchBox className={className} onReach={() => setWanted(true)} />;
  return <Suspense fallback={plain}>{wanted ? <SearchCombobox className={className} /> : plain}</Suspense>;
}
