import { Link } from 'react-router-dom';
import { homeOf, useSellerAccount } from '@/features/staff';

export function SellerNotFoundRoute() {
  // Staff land on their orders (the dashboard is the owner's).
  const role = useSellerAccount().data?.role ?? 'owner';
  return (
    <section className="max-w-md">
      <title>Page not found · GreenCart seller</title>
      <h1 className="text-2xl font-medium text-gray-800">Page not found</h1>
      <p className="mt-3 text-gray-500">There is no seller page at this address.</p>
      <Link to={homeOf(role)} className="mt-6 inline-block rounded bg-primary px-6 py-2 font-medium text-white hover:bg-primary-dull">
        {role === 'owner' ? 'Back to the dashboard' : 'Back to your orders'}
      </Link>
    </section>
  );
}
