import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const positions = new Map<string, number>();

/**
 * What the data router's <ScrollRestoration> did: a new page starts at the top (or at its #anchor),
 * going back returns to where the page was left.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    const key = location.key;
    if (navigationType === 'POP' && positions.has(key)) {
      const top = positions.get(key) ?? 0;
      // The page may still be loading its data: try again once it had a frame to grow.
      window.scrollTo(0, top);
      requestAnimationFrame(() => window.scrollTo(0, top));
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (navigationType !== 'REPLACE') {
      window.scrollTo(0, 0);
    }
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [location.key, location.hash, navigationType]);
}
