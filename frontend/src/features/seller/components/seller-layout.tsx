import type { ReactElement, ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { useSellerUnread } from '@/features/chat';
import { pluralize } from '@/lib/format';
import { useSellerConnection } from '@/lib/socket';
import { useSellerLogout } from '../api/seller-logout';
import { useSellerLogoutEverywhere } from '../api/seller-logout-everywhere';
import { useNewOrderAlerts } from '../new-order-alerts';
import { useOrderSound } from '../order-sound';
import { useSoldOutAlerts } from '../sold-out-alerts';

interface MenuEntry {
  name: string;
  path: string;
  icon: ReactElement;
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

/** The seller side menu: the dashboard, the 4 entries of spec §9, then Delivery and Mail (messages that did not reach people). */
const SELLER_MENU: readonly MenuEntry[] = [
  { name: 'Dashboard', path: '/seller', icon: icon('M3 3v18h18M7 15l4-4 3 3 5-6') },
  { name: 'Add Product', path: '/seller/add-product', icon: icon('M12 5v14M5 12h14') },
  { name: 'Product List', path: '/seller/product-list', icon: icon('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01') },
  { name: 'Orders', path: '/seller/orders', icon: icon('M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0') },
  { name: 'Messages', path: '/seller/chats', icon: icon('M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z') },
  {
    name: 'Delivery',
    path: '/seller/delivery',
    icon: icon('M1 3h15v13H1zM16 8h4l3 3v5h-7zM5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'),
  },
  { name: 'Mail', path: '/seller/mail', icon: icon('M4 4h16v16H4zM4 6l8 7 8-7') },
];

const SOUND_ON = icon('M11 5 6 9H2v6h4l5 4zM15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14');
const SIGN_OUT_EVERYWHERE = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');
const SOUND_OFF = icon('M11 5 6 9H2v6h4l5 4zM22 9l-6 6M16 9l6 6');

export function SellerLayout({ children }: { children: ReactNode }) {
  const logout = useSellerLogout();
  const navigate = useNavigate();
  // The seller's socket lives as long as the seller pages: new orders and messages are counted on every page.
  const { socket } = useSellerConnection();
  const newOrders = useNewOrderAlerts(socket);
  useSoldOutAlerts(socket);
  const { data: unreadMessages = 0 } = useSellerUnread(socket);
  const [soundOn, setSoundOn] = useOrderSound();
  const badges: Record<string, { count: number; label: string }> = {
    '/seller/orders': { count: newOrders, label: pluralize(newOrders, 'new order') },
    '/seller/chats': { count: unreadMessages, label: pluralize(unreadMessages, 'unread message') },
  };

  const logoutEverywhere = useSellerLogoutEverywhere();
  const signOutEverywhere = () =>
    logoutEverywhere.mutate(undefined, {
      onSuccess: () => {
        toast.success('Signed out on every device', { id: 'seller-session' });
        navigate('/');
      },
      onError: () => toast.error('Could not sign out everywhere. Please try again.', { id: 'seller-session' }),
    });

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success('Logged out', { id: 'seller-session' });
        navigate('/');
      },
      onError: () => toast.error('Something went wrong with logout. Please try again.', { id: 'seller-session' }),
    });

  const entryClass = 'relative flex min-h-12 items-center justify-center gap-3 px-3 py-3 md:justify-start md:px-8';

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
            className="min-h-11 rounded-full border px-4 text-sm transition hover:border-primary hover:text-primary"
          >
            Logout
          </button>
        </div>
      </header>
      <div className="flex flex-1">
        <nav aria-label="Seller" className="w-14 shrink-0 border-r border-gray-300 pt-4 text-base md:w-64">
          <ul>
            {SELLER_MENU.map((entry) => (
              <li key={entry.path}>
                <NavLink
                  to={entry.path}
                  end
                  className={({ isActive }) =>
                    `${entryClass} ${isActive ? 'border-r-4 border-primary bg-primary/10 text-primary md:border-r-[6px]' : 'text-gray-700 hover:bg-gray-100'}`
                  }
                >
                  {entry.icon}
                  <span className="sr-only md:not-sr-only">{entry.name}</span>
                  <MenuBadge {...badges[entry.path]} />
                </NavLink>
              </li>
            ))}
          </ul>
          <button
            type="button"
            aria-pressed={soundOn}
            onClick={() => setSoundOn(!soundOn)}
            title={soundOn ? 'A chime plays for new orders' : 'New orders are silent'}
            className={`${entryClass} mt-4 w-full border-t border-gray-200 pt-4 text-left text-sm text-gray-500 hover:bg-gray-100 hover:text-gray-800`}
          >
            {soundOn ? SOUND_ON : SOUND_OFF}
            <span className="sr-only whitespace-nowrap md:not-sr-only">New order sound</span>
            <span
              aria-hidden="true"
              className={`ml-auto hidden rounded-full px-2 py-0.5 text-xs md:inline ${soundOn ? 'bg-primary/15 text-primary-dull' : 'bg-gray-100 text-gray-500'}`}
            >
              {soundOn ? 'On' : 'Muted'}
            </span>
          </button>
          <button
            type="button"
            onClick={signOutEverywhere}
            disabled={logoutEverywhere.isPending}
            title="Ends the seller session on every phone and computer, this one included"
            className={`${entryClass} w-full text-left text-sm text-gray-500 hover:bg-gray-100 hover:text-gray-800`}
          >
            {SIGN_OUT_EVERYWHERE}
            <span className="sr-only whitespace-nowrap md:not-sr-only">Sign out everywhere</span>
          </button>
        </nav>
        <main className="min-w-0 flex-1 p-3 sm:p-4 md:p-10">{children}</main>
      </div>
    </div>
  );
}

/** A count on a menu entry: over the icon in the narrow menu, after the name in the wide one. */
function MenuBadge({ count = 0, label = '' }: { count?: number; label?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        data-testid="menu-badge"
        aria-hidden="true"
        className="absolute top-1.5 left-7 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-none text-white md:static md:ml-auto"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">, {label}</span>
    </>
  );
}
