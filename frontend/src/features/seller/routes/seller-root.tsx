import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useSellerSession } from '@/features/auth';
import { homeOf, NotAllowedForRole, roleMayOpen, useSellerAccount } from '@/features/staff';
import { SellerLayout } from '../components/seller-layout';
import { SellerLoginForm } from '../components/seller-login-form';

/** /seller/*: the login form until the seller session is confirmed, then the admin layout with what the role may open. */
export function SellerRoot() {
  const session = useSellerSession();
  if (session.isPending) return <Spinner label="Checking your seller session…" />;
  if (!session.data) return <SellerLoginForm />;
  return <SignedIn />;
}

function SignedIn() {
  const account = useSellerAccount();
  const { pathname } = useLocation();
  if (account.isPending) return <Spinner label="Opening the seller area…" />;
  if (account.isError) return <ErrorNotice error={account.error} onRetry={() => void account.refetch()} />;
  const role = account.data.role;
  // A staff member's home is the orders (the dashboard's money figures are the owner's).
  if (role !== 'owner' && pathname.replace(/\/+$/, '') === '/seller') return <Navigate to={homeOf(role)} replace />;
  return <SellerLayout account={account.data}>{roleMayOpen(role, pathname) ? <Outlet /> : <NotAllowedForRole role={role} />}</SellerLayout>;
}
