import { roleMay, sellerGreeting, type SellerAccount } from '@greencart/domain';
import { useId, useState, type ReactElement, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';
import { IMPORT_PAGE_PATH } from '@/features/catalogue-import';
import { useSellerUnread } from '@/features/chat';
import { useSellerIssues } from '@/features/packing';
import { roleMayOpen } from '@/features/staff';
import { pluralize } from '@/lib/format';
import { useSellerConnection } from '@/lib/socket';
import { useSellerLogout } from '../api/seller-logout';
import { useSellerLogoutEverywhere } from '../api/seller-logout-everywhere';
import { useNewOrderAlerts } from '../new-order-alerts';
import { newOrdersSeen } from '../new-orders';
import { useChimeBlocked, useOrderSound } from '../order-sound';
import { unlockChime } from '@/lib/chime';
import { useSoldOutAlerts } from '../sold-out-alerts';

/** A count on a menu entry; `urgent` when it includes cancelled orders (shown darker, with a cross). */
interface BadgeCount {
  count: number;
  label: string;
  urgent?: boolean;
}

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

const DASHBOARD = icon('M3 3v18h18M7 15l4-4 3 3 5-6');
const PRODUCTS = icon('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01');
const ORDERS = icon('M6 2 3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18M16 10a4 4 0 0 1-8 0');
const CHATS = icon('M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z');
const ADD = icon('M12 5v14M5 12h14');
const IMPORT = icon('M12 15V3M7 8l5-5 5 5M5 21h14');
const DELIVERY = icon('M1 3h15v13H1zM16 8h4l3 3v5h-7zM5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z');
const COUPONS = icon('M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8zM7.5 7.5h.01');
const MAIL = icon('M4 4h16v16H4zM4 6l8 7 8-7');
const SHOP = icon('M3 9l1.5-5h15L21 9M3 9h18v11H3zM9 20v-6h6v6');
const MORE = icon('M4 6h16M4 12h16M4 18h16');
const SOUND_ON = icon('M11 5 6 9H2v6h4l5 4zM15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14');
const SIGN_OUT_EVERYWHERE = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');
const STAFF = icon('M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8');
const ACTIVITY = icon('M22 12h-4l-3 9L9 3l-3 9H2');
const KEY = icon('M21 2l-2 2m-7.6 7.6a5.5 5.5 0 1 1-7.8 7.8 5.5 5.5 0 0 1 7.8-7.8zm0 0L15.5 7.5m0 0 3 3L22 7l-3-3m-3.5 3.5L19 4');
/** A staff member's own password (the owner's is the shop's setting SELLER_PASSWORD). */
const PASSWORD_ENTRY: MenuEntry = { name: 'Your password', path: '/seller/password', icon: KEY };
const SOUND_OFF = icon('M11 5 6 9H2v6h4l5 4zM22 9l-6 6M16 9l6 6');

const ORDERS_PATH = '/seller/orders';

/** The seller side menu (tablets and computers): the dashboard, the 4 entries of spec §9 (with Import products beside the list), then Delivery, Coupons, Mail (messages that did not reach people) and Shop details (invoices). */
const SELLER_MENU: readonly MenuEntry[] = [
  { name: 'Dashboard', path: '/seller', icon: DASHBOARD },
  { name: 'Add Product', path: '/seller/add-product', icon: ADD },
  { name: 'Product List', path: '/seller/product-list', icon: PRODUCTS },
  { name: 'Import products', path: IMPORT_PAGE_PATH, icon: IMPORT },
  { name: 'Orders', path: '/seller/orders', icon: ORDERS },
  { name: 'Messages', path: '/seller/chats', icon: CHATS },
  { name: 'Delivery', path: '/seller/delivery', icon: DELIVERY },
  { name: 'Coupons', path: '/seller/coupons', icon: COUPONS },
  { name: 'Mail', path: '/seller/mail', icon: MAIL },
  { name: 'Shop details', path: '/seller/shop', icon: SHOP },
  { name: 'Staff', path: '/seller/staff', icon: STAFF },
  { name: 'Activity', path: '/seller/activity', icon: ACTIVITY },
];

/** On the phone: the four places a seller goes all day in a labelled bar at the bottom; the rest under More. */
const PHONE_TABS: readonly MenuEntry[] = [
  { name: 'Dashboard', path: '/seller', icon: DASHBOARD },
  { name: 'Orders', path: '/seller/orders', icon: ORDERS },
  { name: 'Products', path: '/seller/product-list', icon: PRODUCTS },
  { name: 'Chats', path: '/seller/chats', icon: CHATS },
];
const PHONE_MORE: readonly MenuEntry[] = [
  { name: 'Add Product', path: '/seller/add-product', icon: ADD },
  { name: 'Import products', path: IMPORT_PAGE_PATH, icon: IMPORT },
  { name: 'Delivery', path: '/seller/delivery', icon: DELIVERY },
  { name: 'Coupons', path: '/seller/coupons', icon: COUPONS },
  { name: 'Mail', path: '/seller/mail', icon: MAIL },
  { name: 'Shop details', path: '/seller/shop', icon: SHOP },
  { name: 'Staff', path: '/seller/staff', icon: STAFF },
  { name: 'Activity', path: '/seller/activity', icon: ACTIVITY },
];

/** The menus of the signed-in role: what it cannot use is not shown (the server refuses it all the same). */
function menusFor(account: SellerAccount) {
  const may = (entry: MenuEntry) => roleMayOpen(account.role, entry.path);
  const own = account.role === 'owner' ? [] : [PASSWORD_ENTRY];
  return { side: [...SELLER_MENU.filter(may), ...own], tabs: PHONE_TABS.filter(may), more: [...PHONE_MORE.filter(may), ...own] };
}

export function SellerLayout({ children, account }: { children: ReactNode; account: SellerAccount }) {
  const menus = menusFor(account);
  const logout = useSellerLogout();
  const navigate = useNavigate();
  // The seller's socket lives as long as the seller pages: new orders and messages are counted on every page.
  const { socket } = useSellerConnection();
  const alerts = useNewOrderAlerts(socket);
  useSoldOutAlerts(socket);
  const { data: unreadMessages = 0 } = useSellerUnread(socket);
  // Problem reports are a manager's or the owner's (a packer's role does not read them).
  const reports = useSellerIssues(roleMay(account.role, 'issues')).data?.length ?? 0;
  const [soundOn, setSoundOn] = useOrderSound();
  const soundBlocked = useChimeBlocked(soundOn);
  const badges: Record<string, BadgeCount> = {
    '/seller/orders': {
      count: alerts.newOrders + alerts.cancelled + reports,
      label: [
        alerts.newOrders && pluralize(alerts.newOrders, 'new order'),
        alerts.cancelled && pluralize(alerts.cancelled, 'cancelled order'),
        reports && pluralize(reports, 'problem report'),
      ]
        .filter(Boolean)
        .join(' and '),
      urgent: alerts.cancelled > 0,
    },
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

  const entryClass = 'relative flex min-h-12 items-center justify-start gap-3 px-8 py-3';
  const soundToggle = (className: string) => (
    <button
      type="button"
      aria-pressed={soundOn}
      onClick={() => setSoundOn(!soundOn)}
      title={soundBlocked ? 'The browser keeps the chime silent until you tap the page' : soundOn ? 'A chime plays for new orders' : 'New orders are silent'}
      className={`${className} w-full text-left text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-800`}
    >
      {soundOn ? SOUND_ON : SOUND_OFF}
      <span className="whitespace-nowrap">New order sound</span>
      <span
        aria-hidden="true"
        className={`ml-auto rounded-full px-2 py-0.5 text-xs ${soundBlocked ? 'bg-amber-100 text-amber-900' : soundOn ? 'bg-primary/15 text-primary-dull' : 'bg-gray-100 text-gray-600'}`}
      >
        {soundBlocked ? 'Blocked' : soundOn ? 'On' : 'Muted'}
      </span>
    </button>
  );
  const signOutEverywhereButton = (className: string) => (
    <button
      type="button"
      onClick={signOutEverywhere}
      disabled={logoutEverywhere.isPending}
      title="Ends the seller session on every phone and computer, this one included"
      className={`${className} w-full text-left text-sm text-gray-600 hover:bg-gray-100 hover:text-gray-800`}
    >
      {SIGN_OUT_EVERYWHERE}
      <span className="whitespace-nowrap">Sign out everywhere</span>
    </button>
  );

  return (
    <div className="flex min-h-screen flex-col print:block print:min-h-0 print:bg-white print:text-black">
      <header className="flex items-center print:hidden justify-between border-b border-gray-300 bg-white px-4 py-3 md:px-8">
        <Link to="/" aria-label="GreenCart shop">
          <Logo />
        </Link>
        <div className="flex items-center gap-5 text-gray-500">
          <p data-testid="seller-greeting">{sellerGreeting(account)}</p>
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
      <div className="flex flex-1 print:block">
        <nav aria-label="Seller" className="hidden print:hidden! w-64 shrink-0 border-r border-gray-300 pt-4 text-base md:block">
          <ul>
            {menus.side.map((entry) => (
              <li key={entry.path}>
                <NavLink
                  to={entry.path}
                  end
                  onClick={entry.path === ORDERS_PATH ? newOrdersSeen : undefined}
                  className={({ isActive }) =>
                    `${entryClass} ${isActive ? 'border-r-[6px] border-primary bg-primary/10 text-primary' : 'text-gray-700 hover:bg-gray-100'}`
                  }
                >
                  {entry.icon}
                  <span>{entry.name}</span>
                  <MenuBadge {...badges[entry.path]} />
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-4 border-t border-gray-200 pt-4">{soundToggle(entryClass)}</div>
          {signOutEverywhereButton(entryClass)}
        </nav>
        {/* Room below the content for the phone's bottom bar. */}
        <main className="min-w-0 flex-1 p-3 pb-24 sm:p-4 sm:pb-24 md:p-10 print:p-0">
          <SoundBlockedPrompt blocked={soundBlocked} />
          {children}
        </main>
      </div>
      <PhoneNavigation
        tabs={menus.tabs}
        more={menus.more}
        badges={badges}
        extras={
          <>
            {soundToggle('flex min-h-12 items-center gap-3 px-5')}
            {signOutEverywhereButton('flex min-h-12 items-center gap-3 px-5')}
          </>
        }
      />
    </div>
  );
}

/** The phone's bottom bar: Dashboard, Orders, Products, Chats, and More (the other pages and settings). */
function PhoneNavigation({
  tabs,
  more,
  badges,
  extras,
}: {
  tabs: readonly MenuEntry[];
  more: readonly MenuEntry[];
  badges: Record<string, BadgeCount>;
  extras: ReactNode;
}) {
  const [moreOpen, setMoreOpen] = useState(false);
  const { pathname } = useLocation();
  const moreId = useId();
  // Going somewhere closes More.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setMoreOpen(false);
  }
  const moreActive = more.some((entry) => entry.path === pathname);
  const tabClass = 'relative flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium';

  return (
    <div className="md:hidden print:hidden">
      {moreOpen && (
        <div
          id={moreId}
          className="fixed inset-x-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-40 border-t border-gray-300 bg-white py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.08)]"
        >
          <ul>
            {more.map((entry) => (
              <li key={entry.path}>
                <NavLink
                  to={entry.path}
                  end
                  className={({ isActive }) =>
                    `flex min-h-12 items-center gap-3 px-5 text-base ${isActive ? 'bg-primary/10 text-primary-dull' : 'text-gray-700'}`
                  }
                >
                  {entry.icon}
                  {entry.name}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-2 border-t border-gray-200 pt-2">{extras}</div>
        </div>
      )}
      <nav
        aria-label="Seller sections"
        data-testid="seller-bottom-nav"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-300 bg-white pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="grid" style={{ gridTemplateColumns: `repeat(${tabs.length + 1}, minmax(0, 1fr))` }}>
          {tabs.map((entry) => (
            <li key={entry.path}>
              <NavLink
                to={entry.path}
                end
                onClick={entry.path === ORDERS_PATH ? newOrdersSeen : undefined}
                className={({ isActive }) => `${tabClass} ${isActive ? 'text-primary-dull' : 'text-gray-600'}`}
              >
                {({ isActive }) => (
                  <>
                    <span aria-hidden="true" className={`absolute inset-x-3 top-0 h-0.5 rounded-full ${isActive ? 'bg-primary' : ''}`} />
                    {entry.icon}
                    <span>{entry.name}</span>
                    <MenuBadge {...badges[entry.path]} />
                  </>
                )}
              </NavLink>
            </li>
          ))}
          <li>
            <button
              type="button"
              aria-expanded={moreOpen}
              aria-controls={moreId}
              onClick={() => setMoreOpen(!moreOpen)}
              className={`${tabClass} w-full ${moreOpen || moreActive ? 'text-primary-dull' : 'text-gray-600'}`}
            >
              {MORE}
              <span>More</span>
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** When the sound is on but the browser keeps the chime silent (autoplay rule, no tap yet): one small line asking for the tap. */
function SoundBlockedPrompt({ blocked }: { blocked: boolean }) {
  if (!blocked) return null;
  return (
    <p role="status" data-testid="sound-blocked" className="mb-3 flex print:hidden flex-wrap items-center gap-x-2 text-xs text-amber-900">
      <span>The browser is keeping the new-order sound silent:</span>
      <button type="button" onClick={unlockChime} className="min-h-8 font-medium underline underline-offset-2 hover:text-amber-950">
        Tap to enable the order sound
      </button>
    </p>
  );
}

/** A count on a menu entry: over the icon in the phone's bar, after the name in the side menu. */
function MenuBadge({ count = 0, label = '', urgent = false }: Partial<BadgeCount>) {
  if (count <= 0) return null;
  return (
    <>
      <span
        data-testid="menu-badge"
        data-urgent={urgent || undefined}
        aria-hidden="true"
        className={`absolute top-1 left-[calc(50%+0.25rem)] flex h-4.5 min-w-4.5 items-center justify-center rounded-full px-1 text-[11px] leading-none text-white md:static md:ml-auto ${urgent ? 'bg-gray-900 ring-2 ring-red-600' : 'bg-red-700'}`}
      >
        {urgent && '✕'}
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">, {label}</span>
    </>
  );
}
