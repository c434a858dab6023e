import { Link } from 'react-router-dom';
import { ArrowIcon } from '@/components/ui/icons';

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
      <HeroBasket />
    </section>
  );
}

/** A basket of groceries, drawn inline. */
function HeroBasket() {
  return (
    <svg
      viewBox="0 0 320 260"
      className="pointer-events-none absolute -right-6 bottom-0 hidden h-72 w-auto opacity-95 md:block lg:right-10 lg:h-80"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="230" cy="120" r="110" fill="#4fbf8b" opacity=".12" />
      <path d="M150 92c-4-30 14-52 36-60-2 26-14 46-36 60z" fill="#4fbf8b" />
      <path d="M120 100 L104 60 Q100 50 110 52 L136 96z" fill="#f28c28" />
      <path d="M112 64c-6-10-4-20 2-26 2 10 2 18-2 26zM112 64c4-10 12-14 20-14-4 8-10 12-20 14z" fill="#3da574" />
      <circle cx="190" cy="92" r="30" fill="#e4473f" />
      <path d="M190 62c0-8 4-14 10-16" stroke="#6b4423" strokeWidth="4" fill="none" strokeLinecap="round" />
      <circle cx="242" cy="98" r="26" fill="#f7c948" />
      <ellipse cx="150" cy="100" rx="26" ry="18" fill="#8fcf5f" />
      <rect x="260" y="46" width="30" height="64" rx="8" fill="#9ad9f5" />
      <rect x="260" y="66" width="30" height="18" fill="#fff" opacity=".8" />
      <path d="M70 110h220l-22 120a16 16 0 0 1-16 14H108a16 16 0 0 1-16-14z" fill="#c98a4b" />
      <path d="M70 110h220" stroke="#a8703a" strokeWidth="10" strokeLinecap="round" />
      <path d="M110 132l8 92M150 132l3 92M190 132v92M230 132l-3 92M270 132l-8 92" stroke="#a8703a" strokeWidth="5" strokeLinecap="round" opacity=".6" />
      <path d="M86 170h188" stroke="#a8703a" strokeWidth="5" opacity=".5" />
    </svg>
  );
}
