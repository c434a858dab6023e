import { nextStatuses, type OrderStatus } from '@greencart/domain';
import toast from 'react-hot-toast';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProductImage } from '@/components/ui/product-image';
import { Spinner } from '@/components/ui/spinner';
import {
  DeliveryAddress,
  flattenOrders,
  itemImage,
  itemName,
  LoadMore,
  paymentLabel,
  StatusBadge,
  statusActionLabel,
  useSellerOrders,
  useUpdateOrderStatus,
  type Order,
} from '@/features/orders';
import { errorMessage } from '@/lib/api-client';
import { formatPrice, pluralize } from '@/lib/format';
import { thumbnailOf } from '@/lib/product-urls';
import { useNewOrders } from '../new-orders';

/** /seller/orders: every order, newest first, with the buttons that move each one along. */
export function SellerOrdersRoute() {
  const query = useSellerOrders();
  const { ids: arrivedIds } = useNewOrders();
  const orders = query.data ? flattenOrders(query.data.pages) : [];
  const total = query.data?.pages[0]?.total ?? orders.length;

  return (
    <section aria-labelledby="seller-orders-heading" className="max-w-4xl">
      <h1 id="seller-orders-heading" className="text-lg font-medium">
        Orders List
      </h1>
      {query.isPending && <Spinner label="Loading orders…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess &&
        (orders.length === 0 ? (
          <p className="mt-6 text-gray-500">No orders yet.</p>
        ) : (
          <>
            <p className="mt-2 text-sm text-gray-500">
              Showing {orders.length} of {pluralize(total, 'order')}
            </p>
            <ul className="mt-4 space-y-4">
              {orders.map((order) => (
                <SellerOrder key={order._id} order={order} isNew={order.status === 'Order Placed' && arrivedIds.includes(order._id)} />
              ))}
            </ul>
            <LoadMore hasNextPage={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
          </>
        ))}
    </section>
  );
}

function SellerOrder({ order, isNew }: { order: Order; isNew: boolean }) {
  const update = useUpdateOrderStatus();
  const moves = nextStatuses(order.status);

  const move = (status: OrderStatus) => {
    if (status === 'Cancelled' && !window.confirm(`Cancel order ${order._id}? The shopper will see it as cancelled.`)) return;
    update.mutate(
      { orderId: order._id, status },
      {
        onSuccess: () => toast.success(status === 'Cancelled' ? 'Order cancelled' : `Order marked ${status}`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  return (
    <li data-testid="seller-order" className="rounded-md border border-gray-300 p-5 text-sm text-gray-700">
      <div className="grid gap-5 md:grid-cols-[2fr_2fr_1fr_1.3fr]">
        <div className="flex gap-4">
          <ul className="space-y-2">
            {order.items.map((item, index) => (
              <li key={`${item.product?._id ?? item.name}-${index}`} className="flex items-center gap-3">
                <ProductImage src={thumbnailOf(itemImage(item))} alt="" className="h-10 w-10 shrink-0 rounded border border-gray-200" />
                <p className="font-medium">
                  {itemName(item)} <span className="text-primary">x {item.quantity}</span>
                </p>
              </li>
            ))}
          </ul>
        </div>

        <DeliveryAddress address={order.address} />

        <p className="text-base font-medium text-gray-800">{formatPrice(order.amount)}</p>

        <div className="space-y-1 text-gray-600">
          <p>Date: {new Date(order.createdAt).toLocaleDateString()}</p>
          <p>
            Payment: <span data-testid="order-payment">{paymentLabel(order)}</span>
          </p>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-gray-200 pt-4">
        <span className="flex items-center gap-2">
          Status: <StatusBadge status={order.status} />
        </span>
        {isNew && (
          <span data-testid="new-order" className="rounded-full bg-red-500 px-2 py-0.5 text-xs font-medium text-white">
            New
          </span>
        )}
        <span className="text-xs text-gray-400">Order {order._id}</span>
        <div className="ml-auto flex flex-wrap gap-2">
          {moves.map((status) => (
            <button
              key={status}
              type="button"
              onClick={() => move(status)}
              disabled={update.isPending}
              className={
                status === 'Cancelled'
                  ? 'rounded border border-red-300 px-3 py-1.5 font-medium text-red-600 transition hover:bg-red-50 disabled:cursor-wait disabled:opacity-60'
                  : 'rounded bg-primary px-3 py-1.5 font-medium text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-60'
              }
            >
              {statusActionLabel(status)}
            </button>
          ))}
        </div>
      </div>
    </li>
  );
}
