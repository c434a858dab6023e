import { lazy, Suspense } from 'react';
import { Hero } from '../components/hero';
import { loadHomeSections } from './load-home-sections';

const HomeSections = lazy(async () => ({ default: (await loadHomeSections()).HomeSections }));

/** The home page: the hero (the largest thing on a phone's first screen) comes with the app; the rest follows. */
export function HomeRoute() {
  return (
    <>
      <title>GreenCart – fresh groceries delivered to your door</title>
      <Hero />
      {/* A screen's height until the sections arrive, so the footer waits below the fold. */}
      <Suspense
        fallback={
          <div role="status" className="min-h-screen">
            <span className="sr-only">Loading…</span>
          </div>
        }
      >
        <HomeSections />
      </Suspense>
    </>
  );
}
