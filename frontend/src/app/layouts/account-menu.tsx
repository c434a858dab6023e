import { useNavigate, NavLink } from 'react-router-dom';
import { ProfileMenu, useLoginDialog, useLogout, type User } from '@/features/auth';
import { toast } from '@/lib/toast';

const menuLinkClass = ({ isActive }: { isActive: boolean }) => `flex min-h-11 items-center transition hover:text-primary ${isActive ? 'text-primary' : ''}`;

/** Sign out, say so (replacing any earlier sign-in message) and go home. */
function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  return () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success('Logged out', { id: 'session' });
        navigate('/');
      },
      onError: () => toast.error('Something went wrong with logout. Please try again.', { id: 'session' }),
    });
}

/** The signed-in shopper's menu on wide screens. */
export function AccountMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  return <ProfileMenu user={user} onLogout={signOut} />;
}

/** The phone menu under the header: pages, seller area, and signing in or out. */
export function MobileMenu({
  id,
  user,
  sessionUnknown = false,
  seller,
  onClose,
}: {
  id: string;
  user: User | null | undefined;
  /** The session could not be read (offline): neither Login nor Logout. */
  sessionUnknown?: boolean;
  seller: boolean;
  onClose: () => void;
}) {
  const loginDialog = useLoginDialog();
  const signOut = useSignOut();
  return (
    <div id={id} className="absolute top-full left-0 w-full border-b border-gray-200 bg-white px-6 py-2 shadow-md lg:hidden">
      <ul className="flex flex-col text-base">
        <li>
          <NavLink to="/" end className={menuLinkClass}>
            Home
          </NavLink>
        </li>
        <li>
          <NavLink to="/products" end className={menuLinkClass}>
            All Products
          </NavLink>
        </li>
        {user && (
          <li>
            <NavLink to="/My-orders" className={menuLinkClass}>
              My orders
            </NavLink>
          </li>
        )}
        {user && (
          <li>
            <NavLink to="/account" className={menuLinkClass}>
              Account &amp; emails
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to="/contact" className={menuLinkClass}>
            Contact
          </NavLink>
        </li>
        {seller && (
          <li className="sm:hidden">
            <NavLink to="/seller" className={menuLinkClass}>
              Seller Dashboard
            </NavLink>
          </li>
        )}
      </ul>
      {sessionUnknown ? (
        <p data-testid="session-unknown-menu" className="my-3 text-sm text-gray-600">
          <strong className="font-medium text-gray-800">Offline</strong> — we&rsquo;ll check your sign-in when you&rsquo;re back
        </p>
      ) : user === undefined ? null : user ? (
        <button
          type="button"
          onClick={() => {
            onClose();
            signOut();
          }}
          className="my-3 min-h-11 rounded-full bg-primary px-6 text-sm text-white transition hover:bg-primary-dull"
        >
          Logout
        </button>
      ) : (
        <button
          type="button"
          onClick={() => {
            onClose();
            loginDialog.open();
          }}
          className="my-3 min-h-11 rounded-full bg-primary px-6 text-sm text-white transition hover:bg-primary-dull"
        >
          Login
        </button>
      )}
    </div>
  );
}
