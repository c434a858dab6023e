import type { ReactElement } from 'react';
import { useDeliveryPromise } from '../delivery-promise';

interface Reason {
  title: string;
  /** null: the shop's own delivery time (useDeliveryPromise). */
  description: string | null;
  icon: ReactElement;
}

const iconProps = {
  viewBox: '0 0 24 24',
  className: 'h-7 w-7',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

/** The fixed "why we are the best" list of the home page. */
const REASONS: readonly Reason[] = [
  {
    title: 'Fast Delivery',
    description: null,
    icon: (
      <svg {...iconProps}>
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l3 2M9 2h6" />
      </svg>
    ),
  },
  {
    title: 'Freshness Guaranteed',
    description: 'Fresh produce straight from the source.',
    icon: (
      <svg {...iconProps}>
        <path d="M5 19c0-8 6-14 15-14 0 9-6 15-14 15M5 19l7-7" />
      </svg>
    ),
  },
  {
    title: 'Affordable Prices',
    description: 'Quality groceries at unbeatable prices.',
    icon: (
      <svg {...iconProps}>
        <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z" />
        <circle cx="8" cy="8" r="1.5" />
      </svg>
    ),
  },
  {
    // No customer count: the shop publishes none, so none is claimed.
    title: 'Here to Help',
    description: 'Questions about an order? Chat with us from your account.',
    icon: (
      <svg {...iconProps}>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2 20c0-3.9 3.1-6 7-6s7 2.1 7 6M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2.5.6 4 2.4 4 5" />
      </svg>
    ),
  },
];

export function WhyWeAreBest() {
  const { reason: deliveryReason } = useDeliveryPromise();
  return (
    <section className="mt-24 rounded-2xl bg-primary/5 px-6 py-12 md:px-12" aria-labelledby="why-heading">
      <h2 id="why-heading" className="text-2xl font-semibold text-primary-dull md:text-3xl">
        Why we are the best?
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {REASONS.map((reason) => (
          <li key={reason.title} className="flex items-start gap-4">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary-dull">{reason.icon}</span>
            <div>
              <h3 className="text-lg font-medium text-gray-800">{reason.title}</h3>
              <p className="text-sm text-gray-500">{reason.description ?? deliveryReason}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
