import { Link } from 'react-router-dom';
import { ArrowIcon } from '@/components/ui/icons';
import heroBasketUrl from '../assets/hero-basket.svg?no-inline';

export function Hero() {
  return (
    <section className="relative mt-4 overflow-hidden md:mt-8 rounded-2xl bg-linear-to-br from-[#e9f8f0] via-[#f3fbf6] to-[#fff6e5]">
      <div className="relative z-10 flex flex-col items-center px-6 py-10 text-center md:items-start md:py-24 md:pl-16 md:text-left lg:pl-20">
        <p className="rounded-full bg-white/80 px-3 py-1 text-xs font-medium text-primary-dull shadow-sm">Delivered in under 30 minutes</p>
        <h1 className="mt-4 max-w-md text-3xl leading-tight font-bold text-gray-800 md:text-4xl lg:max-w-xl lg:text-5xl lg:leading-[1.15]">
          Freshness you can trust, savings you will love!
        </h1>
        <p className="mt-4 max-w-md text-gray-600">Fresh produce, everyday essentials and snacks at fair prices — trusted by 10,000+ happy customers.</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-2 font-medium sm:gap-4">
          <Link
            to="/products"
            className="group flex min-h-11 items-center gap-2 rounded bg-primary px-7 py-3 whitespace-nowrap text-white transition hover:bg-primary-dull md:px-9"
          >
            Shop Now
            <ArrowIcon className="h-4 w-4 transition group-hover:translate-x-1" />
          </Link>
          <a href="#best-sellers" className="group flex min-h-11 items-center gap-2 px-5 py-3 whitespace-nowrap text-gray-800">
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
