import { lazy, Suspense, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { CartIcon, CloseIcon, MenuIcon } from '@/components/ui/nav-icons';
import { Logo } from '@/components/ui/logo';
import { useLoginDialog, useSellerSession, useSessionStatus, useUser } from '@/features/auth';
import { useCartCount } from '@/features/cart';
import { loadChatLink } from '@/features/chat';
import { SearchBox } from '@/features/search';
import { pluralize } from '@/lib/pluralize';

// What only a signed-in shopper sees, and the phone menu, download when they are needed.
const ChatLink = lazy(async () => ({ default: (await loadChatLink()).ChatLink }));
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));
const MobileMenu = lazy(async () => ({ default: (await import('./account-menu')).MobileMenu }));
// The delivery line (and the pincode it needs) downloads right after the first page, in a box of its own height.
const DeliveryStrip = lazy(async () => ({ default: (await import('./delivery-strip')).DeliveryStrip }));

const navLinkClass = ({ isActive }: { isActive: boolean }) => `transition hover:text-primary ${isActive ? 'text-primary' : ''}`;

export function Navbar() {
  const location = useLocation();
  const page = location.pathname + location.search;
  const [menu, setMenu] = useState({ open: false, page });
  // Close the mobile menu whenever the page changes (state adjusted while rendering, not in an effect).
  if (menu.page !== page) setMenu({ open: false, page });
  const menuOpen = menu.open;
  const setMenuOpen = (open: boolean) => setMenu({ open, page });
  const count = useCartCount();
  const { data: user } = useUser();
  const sessionStatus = useSessionStatus();
  const { data: seller } = useSellerSession();
  const loginDialog = useLoginDialog();
  const menuId = useId();

  return (
    <header className="relative z-40 border-b border-gray-300 bg-white px-4 sm:px-6 lg:px-8 2xl:px-20">
      {/* Up to 1280 px the delivery line and the search box take a row of their own under the links (one row
          each on phones); from 1280 px everything shares one row, and only they shrink (the line truncates). */}
      <nav aria-label="Main" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 lg:py-3 xl:flex-nowrap xl:py-4">
        <div className="flex shrink-0 items-center gap-3">
          <Link to="/" aria-label="GreenCart home" className="flex min-h-11 items-center">
            <Logo />
          </Link>
          {seller && (
            <Link
              to="/seller"
              className="hidden rounded-full border border-gray-300 px-3 py-1 text-xs whitespace-nowrap transition hover:border-primary hover:text-primary sm:inline-block"
            >
              Seller Dashboard
            </Link>
          )}
        </div>

        {/* Phones: the delivery promise and the search box each a row of their own under the logo; 1024 px: one row
            together under the links (this ends the first row); from 1280 px: beside the links. */}
        <span aria-hidden="true" className="order-4 hidden basis-full lg:block xl:hidden" />
        <div className="order-5 flex min-w-0 basis-full lg:basis-auto xl:order-none xl:max-w-64 xl:shrink">
          <Suspense fallback={<span className="block min-h-11" aria-hidden="true" />}>
            <DeliveryStrip />
          </Suspense>
        </div>
        <SearchBox className="order-last flex basis-full lg:ml-auto lg:max-w-sm lg:min-w-40 lg:flex-1 lg:basis-0 xl:order-none xl:max-w-xs" />

        <div className="flex shrink-0 items-center gap-1 sm:gap-3">
          <div className="hidden items-center gap-5 whitespace-nowrap lg:flex">
            <NavLink to="/" end className={navLinkClass}>
              Home
            </NavLink>
            <NavLink to="/products" end className={navLinkClass}>
              All Products
            </NavLink>
            {user && (
              <NavLink to="/My-orders" className={navLinkClass}>
                My orders
              </NavLink>
            )}
            <NavLink to="/contact" className={navLinkClass}>
              Contact
            </NavLink>
          </div>

          {user && (
            <Suspense fallback={<span className="h-11 w-11" aria-hidden="true" />}>
              <ChatLink userId={user._id} />
            </Suspense>
          )}
          <CartLink count={count} />

          <div className="hidden lg:block">
            {sessionStatus === 'checking' ? (
              // Neither signed in nor out until the session answers: a quiet placeholder of the button's size.
              <span data-testid="session-pending" className="block h-11 w-24 animate-pulse rounded-full bg-gray-100" aria-hidden="true" />
            ) : sessionStatus === 'unknown' ? (
              // The session could not be read (offline): not "signed out", and checked again once the connection is back.
              <SessionUnknown />
            ) : user ? (
              <Suspense fallback={<span className="block h-11 w-11" aria-hidden="true" />}>
                <AccountMenu user={user} />
              </Suspense>
            ) : (
              <button
                type="button"
                onClick={loginDialog.open}
                className="min-h-11 rounded-full bg-primary px-6 whitespace-nowrap text-white transition hover:bg-primary-dull xl:px-8"
              >
                Login
              </button>
            )}
          </div>

          <button
            type="button"
            onClick={() => setMenuOpen(!menuOpen)}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            className="flex h-11 w-11 items-center justify-center rounded lg:hidden"
          >
            {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </nav>

      {menuOpen && (
        // While the menu's code loads, an empty element keeps the button's aria-controls pointing at something.
        <Suspense fallback={<div id={menuId} hidden />}>
          <MobileMenu id={menuId} user={user} sessionUnknown={sessionStatus === 'unknown'} seller={seller === true} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

/** Said instead of "Login" while the session cannot be read. */
function SessionUnknown({ className = 'max-w-44 text-xs leading-tight' }: { className?: string }) {
  return (
    <span data-testid="session-unknown" className={`block text-gray-600 ${className}`}>
      <strong className="font-medium text-gray-800">Offline</strong> — we&rsquo;ll check your sign-in when you&rsquo;re back
    </span>
  );
}

/** `count` is undefined while the session is checked: the badge then shows no number rather than a false 0. */
function CartLink({ count }: { count: number | undefined }) {
  return (
    <Link
      to="/cart"
      className="relative flex h-11 w-11 items-center justify-center rounded"
      aria-label={count === undefined ? 'Cart' : `Cart, ${pluralize(count, 'item')}`}
    >
      <CartIcon className="h-6 w-6 text-gray-700" />
      <span
        data-testid="cart-count"
        aria-hidden="true"
        className={`absolute top-0.5 right-0 flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[11px] leading-none text-white ${count === undefined ? 'animate-pulse bg-gray-300' : 'bg-primary'}`}
      >
        {count}
      </span>
    </Link>
  );
}
