import { isFinished, priceCart } from '@greencart/domain';
import { useNavigate } from 'react-router-dom';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProductImage } from '@/components/ui/product-image';
import { Spinner } from '@/components/ui/spinner';
import { useLoginDialog, useUser } from '@/features/auth';
import { formatPrice, formatRupees, pluralize } from '@/lib/format';
import { thumbnailOf } from '@/lib/product-urls';
import { useMyOrders } from '../api/get-my-orders';
import { DeliveryAddress } from '../components/delivery-address';
import { LoadMore } from '../components/load-more';
import { StatusBadge } from '../components/status-badge';
import { paymentLabel } from '../payment-status';
import { flattenOrders, formatExpectedDelivery, itemImage, itemName, itemOfferPrice, type Order, type OrderPage } from '../types';

/** /My-orders: the shopper's orders, newest first; status changes show the moment the shop makes them. */
export function MyOrdersRoute() {
  const { data: user, isPending } = useUser();
  const loginDialog = useLoginDialog();

  if (isPending) return <Spinner label="Checking your session…" />;
  if (!user) {
    return (
      <section className="mx-auto mt-24 flex max-w-md flex-col items-center text-center">
        <h1 className="text-2xl font-medium text-gray-800">My Orders</h1>
        <p className="mt-3 text-gray-500">Sign in to see your orders.</p>
        <button type="button" onClick={loginDialog.open} className="mt-6 rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull">
          Sign in
        </button>
      </section>
    );
  }
  return <OrderHistory userId={user._id} />;
}

function OrderHistory({ userId }: { userId: string }) {
  const query = useMyOrders(userId);

  return (
    <section className="mt-16 pb-16" aria-labelledby="orders-heading">
      <div className="flex w-max flex-col items-end">
        <h1 id="orders-heading" className="text-2xl font-medium">
          My Orders
        </h1>
        <div className="h-0.5 w-16 rounded-full bg-primary" aria-hidden="true" />
      </div>

      {query.isPending && <Spinner label="Loading your orders…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <OrderList
          pages={query.data.pages}
          hasNextPage={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
    </section>
  );
}

function OrderList({
  pages,
  hasNextPage,
  loadingMore,
  onLoadMore,
}: {
  pages: OrderPage[];
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const orders = flattenOrders(pages);
  const total = pages[0]?.total ?? orders.length;

  if (orders.length === 0) return <p className="mt-10 text-gray-500">You have not placed any orders yet.</p>;

  return (
    <>
      <p className="mt-4 text-sm text-gray-500">
        Showing {orders.length} of {pluralize(total, 'order')}
      </p>
      <ul className="mt-4 space-y-8">
        {orders.map((order) => (
          <OrderCard key={order._id} order={order} />
        ))}
      </ul>
      <LoadMore hasNextPage={hasNextPage} loading={loadingMore} onLoadMore={onLoadMore} />
    </>
  );
}

function OrderCard({ order }: { order: Order }) {
  const navigate = useNavigate();
  const placedOn = new Date(order.createdAt).toLocaleDateString();
  const expected = isFinished(order.status) ? '' : formatExpectedDelivery(order.expectedDeliveryAt);

  return (
    <li data-testid="order-card" className="max-w-4xl rounded-lg border border-gray-300 p-4 md:p-5">
      <div className="flex flex-wrap justify-between gap-x-6 gap-y-1 text-gray-500 md:font-medium">
        <span>OrderId: {order._id}</span>
        <span>Total Amount: {formatPrice(order.amount)}</span>
      </div>

      <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-gray-600">
        <span className="flex items-center gap-2">
          Status: <StatusBadge status={order.status} />
        </span>
        <span>Date: {placedOn}</span>
        <span>
          Payment: <span data-testid="order-payment">{paymentLabel(order)}</span>
        </span>
        {expected && <span data-testid="order-expected">Expected delivery: {expected}</span>}
      </div>

      <ul className="mt-2">
        {order.items.map((item, index) => (
          <li
            key={`${item.product?._id ?? item.name}-${index}`}
            className="flex flex-col justify-between gap-4 border-t border-gray-200 py-4 md:flex-row md:items-center"
          >
            <div className="flex items-center gap-4">
              <div className="rounded-lg bg-primary/10 p-2">
                <ProductImage src={thumbnailOf(itemImage(item))} alt={itemName(item)} className="h-16 w-16" />
              </div>
              <div>
                <p className="text-lg font-medium text-gray-800">{itemName(item)}</p>
                <p className="text-sm text-gray-500">Category: {item.product?.category ?? 'No longer sold'}</p>
              </div>
            </div>
            <div className="text-sm text-gray-500">
              <p>Quantity: {item.quantity}</p>
            </div>
            <p className="font-medium text-primary">
              Amount: {formatRupees(priceCart([{ offerPrice: itemOfferPrice(item), quantity: item.quantity }]).subtotalPaise)}
            </p>
          </li>
        ))}
      </ul>

      <div className="border-t border-gray-200 pt-3 text-sm">
        <h3 className="font-medium text-gray-800">Delivery address</h3>
        <DeliveryAddress address={order.address} className="mt-1" />
      </div>

      <button
        type="button"
        onClick={() => navigate(`/chat?order=${encodeURIComponent(order._id)}`)}
        className="mt-4 rounded border border-primary px-4 py-2 text-sm font-medium text-primary transition hover:bg-primary/10"
      >
        Send Message to Shop
      </button>
    </li>
  );
}
