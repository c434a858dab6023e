import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ArrowIcon } from '@/components/ui/icons';
import heroBasketUrl from '../assets/hero-basket.svg?no-inline';

/** Lazy: the delivery check's code is the catalogue pages' (not index.html's first download). */
const DeliveryBadge = lazy(() => import('./delivery-badge').then((m) => ({ default: m.DeliveryBadge })));

const FRESH = 'Fresh groceries delivered to your door';

export function Hero() {
  return (
    <section className="relative mt-3 overflow-hidden rounded-2xl md:mt-8 bg-linear-to-br from-[#e9f8f0] via-[#f3fbf6] to-[#fff6e5]">
      {/* Phones: a short banner, so the categories and the first products fit on the first screen. */}
      <div className="relative z-10 flex flex-col items-start px-4 py-4 text-left md:px-6 md:py-24 md:pl-16 lg:pl-20">
        <p className="hidden rounded-full bg-white/80 px-3 py-1 text-xs font-medium text-primary-dull shadow-sm md:block" data-testid="delivery-promise">
          <Suspense fallback={FRESH}>
            <DeliveryBadge />
          </Suspense>
        </p>
        <h1 className="max-w-md text-xl leading-tight font-bold text-gray-800 md:mt-4 md:text-4xl lg:max-w-xl lg:text-5xl lg:leading-[1.15]">
          Freshness you can trust, savings you will love!
        </h1>
        <p className="mt-4 hidden max-w-md text-gray-600 md:block">Fresh produce, everyday essentials and snacks at fair prices.</p>
        <div className="mt-2 flex flex-wrap items-center gap-2 font-medium sm:gap-4 md:mt-8">
          <Link
            to="/products"
            className="group flex min-h-11 items-center gap-2 rounded bg-primary px-5 py-2 whitespace-nowrap text-white transition hover:bg-primary-dull md:px-9 md:py-3"
          >
            Shop Now
            <ArrowIcon className="h-4 w-4 transition group-hover:translate-x-1" />
          </Link>
          <a href="#best-sellers" className="group hidden min-h-11 items-center md:flex gap-2 px-5 py-3 whitespace-nowrap text-gray-800">
            Explore deals
            <ArrowIcon className="h-4 w-4 transition group-hover:translate-x-1" />
          </a>
        </div>
      </div>
      {/* Wide screens only (a file, not code in the first download; never fetched on phones). */}
      <img
        src={heroBasketUrl}
        alt=""
        width={320}
        height={260}
        loading="lazy"
        decoding="async"
        className="pointer-events-none absolute -right-6 bottom-0 hidden h-72 w-auto opacity-95 md:block lg:right-10 lg:h-80"
      />
    </section>
  );
}
