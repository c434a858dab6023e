import type { ReactElement, ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { useSellerLogout } from '../api/seller-logout';

interface MenuEntry {
  name: string;
  path: string;
  icon: ReactElement;
  /** Pages that are not built yet show in the menu, disabled. */
  ready: boolean;
}

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    className="h-5 w-5 shrink-0"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

/** The seller side menu: 4 entries (spec §9). */
const SELLER_MENU: readonly MenuEntry[] = [
  { name: 'Add Product', path: '/seller', icon: icon('M12 5v14M5 12h14'), ready: true },
  { name: 'Product List', path: '/seller/product-list', icon: icon('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01'), ready: true },
  { name: 'Orders', path: '/seller/orders', icon: icon('M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0'), ready: true },
  { name: 'Messages', path: '/seller/chats', icon: icon('M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'), ready: false },
];

export function SellerLayout({ children }: { children: ReactNode }) {
  const logout = useSellerLogout();
  const navigate = useNavigate();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success('Logged out');
        navigate('/');
      },
      onError: () => toast.error('Something went wrong with logout. Please try again.'),
    });

  const entryClass = 'flex items-center gap-3 px-4 py-3 md:px-8';

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between border-b border-gray-300 bg-white px-4 py-3 md:px-8">
        <Link to="/" aria-label="GreenCart shop">
          <Logo />
        </Link>
        <div className="flex items-center gap-5 text-gray-500">
          <p>Hi! Admin</p>
          <button
            type="button"
            onClick={signOut}
            disabled={logout.isPending}
            className="rounded-full border px-4 py-1 text-sm transition hover:border-primary hover:text-primary"
          >
            Logout
          </button>
        </div>
      </header>
      <div className="flex flex-1">
        <nav aria-label="Seller" className="w-16 shrink-0 border-r border-gray-300 pt-4 text-base md:w-64">
          <ul>
            {SELLER_MENU.map((entry) => (
              <li key={entry.path}>
                {entry.ready ? (
                  <NavLink
                    to={entry.path}
                    end
                    className={({ isActive }) =>
                      `${entryClass} ${isActive ? 'border-r-4 border-primary bg-primary/10 text-primary md:border-r-[6px]' : 'text-gray-700 hover:bg-gray-100'}`
                    }
                  >
                    {entry.icon}
                    <span className="hidden md:inline">{entry.name}</span>
                  </NavLink>
                ) : (
                  <span aria-disabled="true" title="Coming soon" className={`${entryClass} cursor-not-allowed text-gray-400`}>
                    {entry.icon}
                    <span className="hidden md:inline">{entry.name}</span>
                    <span className="sr-only"> (coming soon)</span>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <main className="flex-1 overflow-x-auto p-4 md:p-10">{children}</main>
      </div>
    </div>
  );
}
