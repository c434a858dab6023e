import { Link } from 'react-router-dom';
import { CartIcon } from '@/components/ui/nav-icons';
import { pluralize } from '@/lib/pluralize';
import { useCartCount } from '../cart-items';

/** On phones, once something is in the cart: a bar at the bottom of the screen, a thumb away from checkout. */
export function PhoneCartBar() {
  const count = useCartCount();
  if (!count) return null;
  return (
    <>
      {/* Room at the end of the page so the bar never covers the footer's last lines. */}
      <div className="h-20 md:hidden" aria-hidden="true" />
      <div
        data-testid="phone-cart-bar"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur md:hidden"
      >
        <Link to="/cart" className="flex min-h-12 items-center justify-between gap-3 rounded-lg bg-primary px-4 font-medium text-white hover:bg-primary-dull">
          <span className="flex items-center gap-2">
            <CartIcon className="h-5 w-5" />
            {pluralize(count, 'item')} in your cart
          </span>
          <span>View cart →</span>
        </Link>
      </div>
    </>
  );
}
