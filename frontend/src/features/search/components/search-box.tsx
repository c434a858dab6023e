import { lazy, Suspense, useEffect, useState } from 'react';
import { PlainSearchBox } from './plain-search-box';

const SearchCombobox = lazy(async () => ({ default: (await import('./search-combobox')).SearchCombobox }));

/**
 * The navbar's search. Suggestions (a combobox with a grid of products) download after the first page
 * is up, or at once when the shopper reaches for the box; until then the plain box works alone, so
 * the first download stays small (issue 14's budget).
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    // A moment after the first page is up (it downloads while the shopper looks at it).
    const timer = setTimeout(() => setWanted(true), 1500);
    return () => clearTimeout(timer);
  }, []);
  const plain = <PlainSearchBox className={className} onReach={() => setWanted(true)} />;
  return <Suspense fallback={plain}>{wanted ? <SearchCombobox className={className} /> : plain}</Suspense>;
}
