import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { CartIcon, CloseIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { ProfileMenu, useLoginDialog, useLogout, useUser } from '@/features/auth';
import { useCart } from '@/features/cart';
import { ChatLink } from '@/features/chat';
import { pluralize } from '@/lib/format';

const navLinkClass = ({ isActive }: { isActive: boolean }) => `transition hover:text-primary ${isActive ? 'text-primary' : ''}`;

export function Navbar() {
  const location = useLocation();
  const page = location.pathname + location.search;
  const [menu, setMenu] = useState({ open: false, page });
  // Close the mobile menu whenever the page changes (state adjusted while rendering, not in an effect).
  if (menu.page !== page) setMenu({ open: false, page });
  const menuOpen = menu.open;
  const setMenuOpen = (open: boolean) => setMenu({ open, page });
  const { count } = useCart();
  const { data: user } = useUser();
  const loginDialog = useLoginDialog();
  const logout = useLogout();
  const navigate = useNavigate();
  const menuId = useId();

  const signOut = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success('Logged out');
        navigate('/');
      },
      onError: () => toast.error('Something went wrong with logout. Please try again.'),
    });
  };

  return (
    <header className="relative z-40 border-b border-gray-300 bg-white px-4 sm:px-6 lg:px-8 xl:px-20">
      <nav aria-label="Main" className="flex items-center justify-between gap-4 py-4">
        <div className="flex items-center gap-3">
          <Link to="/" aria-label="GreenCart home">
            <Logo />
          </Link>
          <Link
            to="/seller"
            className="hidden rounded-full border border-gray-300 px-3 py-1 text-xs whitespace-nowrap transition hover:border-primary hover:text-primary sm:inline-block"
          >
            Seller Dashboard
          </Link>
        </div>

        <div className="flex items-center gap-5 xl:gap-8">
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
            <SearchBox className="flex" />
          </div>

          {user && <ChatLink userId={user._id} />}
          <CartLink count={count} />

          <div className="hidden lg:block">
            {user ? (
              <ProfileMenu user={user} onLogout={signOut} />
            ) : (
              <button
                type="button"
                onClick={loginDialog.open}
                className="rounded-full bg-primary px-6 py-2 whitespace-nowrap text-white xl:px-8 transition hover:bg-primary-dull"
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
            className="rounded p-1 lg:hidden"
          >
            {menuOpen ? <CloseIcon className="h-6 w-6" /> : <MenuIcon className="h-6 w-6" />}
          </button>
        </div>
      </nav>

      {menuOpen && (
        <div id={menuId} className="absolute top-full left-0 w-full border-b border-gray-200 bg-white px-6 py-4 shadow-md lg:hidden">
          <SearchBox className="mb-4 flex" live={false} />
          <ul className="flex flex-col gap-3 text-base">
            <li>
              <NavLink to="/" end className={navLinkClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to="/products" end className={navLinkClass}>
                All Products
              </NavLink>
            </li>
            {user && (
              <li>
                <NavLink to="/My-orders" className={navLinkClass}>
                  My orders
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to="/contact" className={navLinkClass}>
                Contact
              </NavLink>
            </li>
            <li className="sm:hidden">
              <Link to="/seller" className="transition hover:text-primary">
                Seller Dashboard
              </Link>
            </li>
          </ul>
          {user ? (
            <button type="button" onClick={signOut} className="mt-4 rounded-full bg-primary px-6 py-2 text-sm text-white transition hover:bg-primary-dull">
              Logout
            </button>
          ) : (
            <button
              type="button"
              onClick={() => {
                setMenuOpen(false);
                loginDialog.open();
              }}
              className="mt-4 rounded-full bg-primary px-6 py-2 text-sm text-white transition hover:bg-primary-dull"
            >
              Login
            </button>
          )}
        </div>
      )}
    </header>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <Link to="/cart" className="relative rounded p-1" aria-label={`Cart, ${pluralize(count, 'item')}`}>
      <CartIcon className="h-6 w-6 text-gray-700" />
      <span
        data-testid="cart-count"
        aria-hidden="true"
        className="absolute -top-1.5 -right-2.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none text-white"
      >
        {count}
      </span>
    </Link>
  );
}

/** Typing (or submitting, when not live) searches the catalogue: the text lives in /products?search=… so results can be shared and reloaded. */
function SearchBox({ className = '', live = true }: { className?: string; live?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const onProducts = location.pathname === '/products';
  const urlSearch = onProducts ? (searchParams.get('search') ?? '') : '';
  const [typed, setTyped] = useState({ text: urlSearch, urlSearch });
  // Follow the URL when it changes from elsewhere (back button, a link).
  if (typed.urlSearch !== urlSearch) setTyped({ text: urlSearch, urlSearch });
  const text = typed.text;

  const go = (value: string) => {
    const target = value.trim() ? `/products?search=${encodeURIComponent(value)}` : '/products';
    // While typing on /products, replace the entry instead of stacking one per key.
    navigate(target, { replace: onProducts });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    go(text);
  };

  return (
    <form
      role="search"
      onSubmit={onSubmit}
      className={`items-center gap-2 rounded-full border border-gray-300 px-3 text-sm focus-within:border-primary ${className}`}
    >
      <input
        type="search"
        value={text}
        onChange={(event) => {
          setTyped({ text: event.target.value, urlSearch });
          if (live) go(event.target.value);
        }}
        aria-label="Search products"
        placeholder="Search products"
        className="w-full bg-transparent py-1.5 placeholder-gray-500 outline-none lg:w-32 xl:w-44"
      />
      <button type="submit" aria-label="Search" className="rounded-full p-0.5">
        <SearchIcon className="h-4 w-4 text-gray-600" />
      </button>
    </form>
  );
}
