import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { CartIcon, CloseIcon, MenuIcon, SearchIcon } from '@/components/ui/nav-icons';
import { Logo } from '@/components/ui/logo';
import { useLoginDialog, useUser } from '@/features/auth';
import { useCartCount } from '@/features/cart';
import { loadChatLink } from '@/features/chat';
import { pluralize } from '@/lib/pluralize';
import { DeliveryStrip } from './delivery-strip';

// What only a signed-in shopper sees, and the phone menu, download when they are needed.
const ChatLink = lazy(async () => ({ default: (await loadChatLink()).ChatLink }));
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));
const MobileMenu = lazy(async () => ({ default: (await import('./account-menu')).MobileMenu }));

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
  const loginDialog = useLoginDialog();
  const menuId = useId();

  return (
    <header className="relative z-40 border-b border-gray-300 bg-white px-4 sm:px-6 lg:px-8 xl:px-20">
      <nav aria-label="Main" className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2 lg:flex-nowrap lg:py-4">
        <div className="flex items-center gap-3">
          <Link to="/" aria-label="GreenCart home" className="flex min-h-11 items-center">
            <Logo />
          </Link>
          <Link
            to="/seller"
            className="hidden rounded-full border border-gray-300 px-3 py-1 text-xs whitespace-nowrap transition hover:border-primary hover:text-primary sm:inline-block"
          >
            Seller Dashboard
          </Link>
        </div>

        {/* Phones: the delivery promise and the search box each a row of their own under the logo; wide screens: beside the links. */}
        <div className="order-5 flex min-w-0 basis-full lg:order-none lg:basis-auto">
          <DeliveryStrip />
        </div>
        <SearchBox className="order-last flex basis-full lg:order-none lg:ml-auto lg:basis-auto" />

        <div className="flex items-center gap-1 sm:gap-3 xl:gap-6">
          <div className="hidden items-center gap-5 whitespace-nowrap lg:flex xl:gap-8">
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
            {user ? (
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
        <Suspense fallback={null}>
          <MobileMenu id={menuId} user={user ?? null} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link to="/cart" className="relative flex h-11 w-11 items-center justify-center rounded" aria-label={`Cart, ${pluralize(count, 'item')}`}>
      <CartIcon className="h-6 w-6 text-gray-700" />
      <span
        data-testid="cart-count"
        aria-hidden="true"
        className="absolute top-0.5 right-0 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none text-white"
      >
        {count}
      </span>
    </Link>
  );
}

/** How long typing pauses before the results follow. */
const SEARCH_DELAY_MS = 300;

/** Typing shows results as you type (after a short pause): the text lives in /products?search=… so results can be shared and reloaded. */
function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const onProducts = location.pathname === '/products';
  const urlSearch = onProducts ? (searchParams.get('search') ?? '') : '';
  const [typed, setTyped] = useState({ text: urlSearch, urlSearch });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Follow the URL when it changes from elsewhere (back button, a link).
  if (typed.urlSearch !== urlSearch) setTyped({ text: urlSearch, urlSearch });
  const text = typed.text;

  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (value: string) => {
    clearTimeout(timer.current);
    const target = value.trim() ? `/products?search=${encodeURIComponent(value)}` : '/products';
    // While typing on /products, replace the entry instead of stacking one per pause.
    navigate(target, { replace: location.pathname === '/products' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(text);
  };

  return (
    <form
      role="search"
      onSubmit={onSubmit}
      className={`min-h-11 items-center gap-2 rounded-full border border-gray-300 bg-white pr-1 pl-4 text-base focus-within:border-primary lg:min-h-10 lg:text-sm ${className}`}
    >
      <input
        type="search"
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          setTyped({ text: value, urlSearch });
          clearTimeout(timer.current);
          timer.current = setTimeout(() => go(value), SEARCH_DELAY_MS);
        }}
        aria-label="Search products"
        placeholder="Search products"
        enterKeyHint="search"
        className="w-full min-w-0 bg-transparent py-2 placeholder-gray-500 outline-none lg:w-32 xl:w-44"
      />
      <button type="submit" aria-label="Search" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full">
        <SearchIcon className="h-5 w-5 text-gray-600" />
      </button>
    </form>
  );
}
