import { Outlet } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useSellerSession } from '@/features/auth';
import { SellerLayout } from '../components/seller-layout';
import { SellerLoginForm } from '../components/seller-login-form';

/** /seller/*: the login form until the seller session is confirmed, then the admin layout. */
export function SellerRoot() {
  const session = useSellerSession();
  if (session.isPending) return <Spinner label="Checking your seller session…" />;
  if (!session.data) return <SellerLoginForm />;
  return (
    <SellerLayout>
      <Outlet />
    </SellerLayout>
  );
}
