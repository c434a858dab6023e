import { ROLE_LABELS, type SellerRole } from '@greencart/domain';
import { Link } from 'react-router-dom';
import { homeOf } from '../seller-paths';

/** A seller page the signed-in role cannot use (a link followed, or typed): said plainly, with the way back. */
export function NotAllowedForRole({ role }: { role: SellerRole }) {
  return (
    <section role="alert" data-testid="not-allowed" className="max-w-xl rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <h1 className="font-medium">This page is not part of your role</h1>
      <p className="mt-1">As a {ROLE_LABELS[role].toLowerCase()} you can’t use this part of the seller area. Ask the shop owner if you need it.</p>
      <Link to={homeOf(role)} className="mt-2 inline-block font-medium underline">
        Back to your orders
      </Link>
    </section>
  );
}
