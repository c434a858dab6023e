import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorNotice } from '@/components/ui/error-notice';
import { BackArrowIcon } from '@/components/ui/icons';
import { useSessionStatus } from '@/features/auth';
import { useShopTax } from '@/features/shop';
import { pluralize } from '@/lib/format';
import { useCartProducts } from '../api/get-cart-products';
import { cartProductIds, summarizeCart, type CartSummary } from '../cart-summary';
import { useCart } from '../use-cart';
import { CartLineRow } from './cart-line';

/** The cart's lines with their loading, empty and "no longer sold" states; `aside` shows beside them (the order summary). */
export function CartView({ aside }: { aside: (summary: CartSummary) => ReactNode }) {
  const cart = useCart();
  // One product per id, whatever its sizes in the cart.
  const ids = useMemo(() => cartProductIds(cart.items), [cart.items]);
  const query = useCartProducts(ids);
  // Asked with the cart's products, not after them: checkout's total must be what the server charges, so its answer is at most a minute old.
  const shopTax = useShopTax({ staleTime: 60_000 });
  const summary = useMemo(() => summarizeCart(cart.items, query.data ?? [], shopTax), [cart.items, query.data, shopTax]);

  // Until the session answers, whose cart this is is not known: never claim it is empty meanwhile.
  if (!cart.known) return <CartSkeleton />;
  // Only keys that name no product (malformed): nothing to load, all of them unavailable.
  if (ids.length === 0) return <EmptyCart unavailable={summary.unavailableKeys} onForget={() => summary.unavailableKeys.forEach(cart.removeLine)} />;
  if (query.isPending) return <CartSkeleton lines={ids.length} />;
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  // Only trust "unavailable" once the products of the current id list have loaded.
  const unavailable = query.isPlaceholderData ? [] : summary.unavailableKeys;
  if (summary.lines.length === 0 && !query.isPlaceholderData)
    return <EmptyCart unavailable={unavailable} onForget={() => unavailable.forEach(cart.removeLine)} />;

  return (
    <div className="mt-8 flex flex-col gap-10 md:mt-16 md:flex-row">
      <title>{`Cart (${cart.count}) · GreenCart`}</title>
      <section className="max-w-4xl flex-1" aria-labelledby="cart-heading">
        <h1 id="cart-heading" className="mb-6 text-2xl font-medium md:text-3xl">
          Shopping Cart <span className="text-sm text-primary">{pluralize(cart.count, 'Item')}</span>
        </h1>

        {unavailable.length > 0 && <UnavailableNotice count={unavailable.length} onForget={() => unavailable.forEach(cart.removeLine)} />}

        <div className="hidden grid-cols-[2fr_1fr_1fr] pb-3 text-base font-medium text-gray-600 md:grid" aria-hidden="true">
          <p className="text-left">Product Details</p>
          <p className="text-center">Subtotal</p>
          <p className="text-center">Action</p>
        </div>
        <ul>
          {summary.lines.map((line) => (
            <CartLineRow key={line.key} line={line} />
          ))}
        </ul>

        <Link to="/products" className="group mt-8 inline-flex min-h-11 items-center gap-2 font-medium text-primary">
          <BackArrowIcon className="h-4 w-4 transition group-hover:-translate-x-1" />
          Continue Shopping
        </Link>
      </section>

      {aside(summary)}
    </div>
  );
}

/** The cart's shape while it loads: grey lines where the products will be, and a status for screen readers. */
function CartSkeleton({ lines = 2 }: { lines?: number }) {
  return (
    <div data-testid="cart-skeleton" aria-busy="true" className="mt-8 flex flex-col gap-10 md:mt-16 md:flex-row">
      <title>Cart · GreenCart</title>
      <section className="max-w-4xl flex-1">
        <h1 className="mb-6 text-2xl font-medium md:text-3xl">Your cart</h1>
        <p role="status" className="sr-only">
          Loading your cart…
        </p>
        <ul aria-hidden="true">
          {Array.from({ length: Math.min(lines, 4) }, (_, index) => (
            <li key={index} className="flex items-center gap-4 border-b border-gray-200 py-4">
              <span className="h-20 w-20 shrink-0 animate-pulse rounded bg-gray-200 md:h-24 md:w-24" />
              <span className="flex flex-1 flex-col gap-2">
                <span className="h-4 w-2/3 animate-pulse rounded bg-gray-200" />
                <span className="h-4 w-1/3 animate-pulse rounded bg-gray-200" />
              </span>
            </li>
          ))}
        </ul>
      </section>
      <div aria-hidden="true" className="h-72 w-full animate-pulse rounded bg-gray-100 md:max-w-90" />
    </div>
  );
}

function UnavailableNotice({ count, onForget }: { count: number; onForget: () => void }) {
  return (
    <div role="status" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-800">
      <span>{count === 1 ? 'One product in your cart is' : `${count} products in your cart are`} no longer sold.</span>
      <button type="button" onClick={onForget} className="rounded border border-amber-300 bg-white px-3 py-1 font-medium hover:bg-amber-100">
        Remove {count === 1 ? 'it' : 'them'}
      </button>
    </div>
  );
}

function EmptyCart({ unavailable = [], onForget }: { unavailable?: string[]; onForget?: () => void }) {
  // Offline after a reload the account's saved cart cannot be read: this device's cart is empty, not the account's.
  const sessionUnknown = useSessionStatus() === 'unknown';
  return (
    <section className="mx-auto mt-24 flex max-w-md flex-col items-center text-center">
      <title>Cart · GreenCart</title>
      <h1 className="text-2xl font-medium text-gray-800">No Items in cart</h1>
      {sessionUnknown ? (
        <p className="mt-3 text-gray-600" data-testid="cart-session-unknown">
          You&rsquo;re offline: items saved to your account show when you&rsquo;re back. What you add now is kept on this device and added then.
        </p>
      ) : (
        <p className="mt-3 text-gray-600">Fresh fruit, vegetables and snacks are a few clicks away.</p>
      )}
      {unavailable.length > 0 && onForget && (
        <div className="mt-6 w-full text-left">
          <UnavailableNotice count={unavailable.length} onForget={onForget} />
        </div>
      )}
      <Link to="/products" className="mt-6 inline-flex min-h-11 items-center rounded bg-primary px-8 font-medium text-white hover:bg-primary-dull">
        Start shopping
      </Link>
    </section>
  );
}
