import { Link } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { PAGE_PADDING } from './page-container';

interface FooterLink {
  text: string;
  to: string;
  external?: boolean;
}

/** The three link groups of spec §1, pointed at the closest real page. */
const FOOTER_GROUPS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'Quick Links',
    links: [
      { text: 'Home', to: '/' },
      { text: 'Best Sellers', to: '/#best-sellers' },
      { text: 'Offers & Deals', to: '/products' },
      { text: 'Contact Us', to: '/contact' },
      { text: 'FAQs', to: '/contact#faqs' },
    ],
  },
  {
    title: 'Need help?',
    links: [
      { text: 'Delivery Information', to: '/contact#delivery' },
      { text: 'Return & Refund Policy', to: '/contact#returns' },
      { text: 'Payment Methods', to: '/contact#payment' },
      { text: 'Track your Order', to: '/contact#track-order' },
      { text: 'Contact Us', to: '/contact' },
    ],
  },
  {
    title: 'Follow Us',
    links: [
      { text: 'Instagram', to: 'https://www.instagram.com/', external: true },
      { text: 'Twitter', to: 'https://twitter.com/', external: true },
      { text: 'Facebook', to: 'https://www.facebook.com/', external: true },
      { text: 'YouTube', to: 'https://www.youtube.com/', external: true },
    ],
  },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={`mt-24 bg-primary/10 ${PAGE_PADDING}`}>
      <div className="flex flex-col items-start justify-between gap-10 border-b border-gray-500/30 py-10 text-gray-600 md:flex-row">
        <div className="max-w-md">
          <Logo />
          <p className="mt-6">We deliver fresh groceries and snacks straight to your door, and we aim to make your shopping simple and affordable.</p>
        </div>
        <div className="flex w-full flex-wrap justify-between gap-5 md:w-[45%]">
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h3 className="mb-2 text-base font-semibold text-gray-900 md:mb-5">{group.title}</h3>
              <ul className="space-y-1 text-sm">
                {group.links.map((link) => (
                  <li key={link.text} className="flex min-h-9 items-center">
                    {link.external ? (
                      <a href={link.to} target="_blank" rel="noopener noreferrer" className="transition hover:underline">
                        {link.text}
                      </a>
                    ) : (
                      <Link to={link.to} className="transition hover:underline">
                        {link.text}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <p className="py-4 text-center text-sm text-gray-600 md:text-base">Copyright {year} © GreenCart. All Rights Reserved.</p>
    </footer>
  );
}
