import type { PriceBreakdown } from '@pricing';
import { TAX_PERCENT } from '@pricing';
import { useUser } from '@/features/auth/api/get-user';
import { useLoginDialog } from '@/features/auth/components/login-dialog-context';
import { formatRupees } from '@/lib/format';

export function OrderSummary({ price, hasOutOfStock }: { price: PriceBreakdown; hasOutOfStock: boolean }) {
  const { data: user } = useUser();
  const loginDialog = useLoginDialog();
  return (
    <aside className="h-fit w-full rounded border border-gray-300/70 bg-gray-100/40 p-5 md:max-w-90" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="text-xl font-medium md:text-xl">
        Order Summary
      </h2>
      <hr className="my-5 border-gray-300" />

      <dl className="space-y-2 text-gray-500">
        <div className="flex justify-between">
          <dt>Price</dt>
          <dd>{formatRupees(price.subtotalPaise)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping Fee</dt>
          <dd className="text-green-600">{price.shippingPaise === 0 ? 'Free' : formatRupees(price.shippingPaise)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Tax ({TAX_PERCENT}%)</dt>
          <dd>{formatRupees(price.taxPaise)}</dd>
        </div>
        <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
          <dt>Total Amount:</dt>
          <dd data-testid="cart-total">{formatRupees(price.totalPaise)}</dd>
        </div>
      </dl>

      {hasOutOfStock && <p className="mt-4 text-sm text-gray-500">Out-of-stock items are left out of the total.</p>}
      {user ? (
        <p className="mt-6 rounded bg-primary/10 px-4 py-3 text-sm text-primary-dull">
          Your cart is saved to your account, {user.firstName}. Choosing a delivery address and paying open here next.
        </p>
      ) : (
        <div className="mt-6 rounded bg-primary/10 px-4 py-3 text-sm text-primary-dull">
          <p>Sign in to choose an address and place your order.</p>
          <button type="button" onClick={loginDialog.open} className="mt-3 w-full rounded bg-primary py-2 font-medium text-white transition hover:bg-primary-dull">
            Sign in
          </button>
        </div>
      )}
    </aside>
  );
}
