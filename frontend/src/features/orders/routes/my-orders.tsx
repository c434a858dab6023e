import { isFinished, MAX_CANCEL_REASON_LENGTH, priceCart, slotText } from '@greencart/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useConfirm } from '@/components/ui/confirm';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProductImage } from '@/components/ui/product-image';
import { Spinner } from '@/components/ui/spinner';
import { useLoginDialog, useUser } from '@/features/auth';
import { getCartProductsQueryOptions, useCart } from '@/features/cart';
import { categoryText } from '@/features/products';
import { errorMessage } from '@/lib/api-client';
import { formatPrice, formatRupees, pluralize } from '@/lib/format';
import { thumbnailOf } from '@/lib/product-urls';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { DeliveryAddress } from '../components/delivery-address';
import { BillBreakdown, CancellationNote, StatusTimeline } from '../components/order-facts';
import { LoadMore } from '../components/load-more';
import { CreditNotes, mayHaveCreditNotes } from '../components/credit-notes';
import { InvoiceButton } from '../components/invoice-button';
import { StatusBadge } from '../components/status-badge';
import { paymentLabel } from '../payment-status';
import { OrderSearch } from '../components/order-search';
import { canReportProblem, IssueOutcome, PackingChanges, packedNote, ReportProblem } from '@/features/packing';
import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '../api/keys';
import { buyAgain } from '../buy-again';
import {
  flattenOrders,
  formatExpectedDelivery,
  formatPlacedAt,
  itemImage,
  itemName,
  itemOfferPrice,
  orderNumberOf,
  type Order,
  type OrderPage,
} from '../types';

/** /My-orders: the shopper's orders, newest first; status changes show the moment the shop makes them. */
export function MyOrdersRoute() {
  const { data: user, isPending } = useUser();
  const loginDialog = useLoginDialog();

  if (isPending) return <Spinner label="Checking your session…" />;
  if (!user) {
    return (
      <section className="mx-auto mt-24 flex max-w-md flex-col items-center text-center">
        <title>My orders · GreenCart</title>
        <h1 className="text-2xl font-medium text-gray-800">My Orders</h1>
        <p className="mt-3 text-gray-600">Sign in to see your orders.</p>
        <button type="button" onClick={loginDialog.open} className="mt-6 min-h-11 rounded bg-primary px-8 font-medium text-white hover:bg-primary-dull">
          Sign in
        </button>
      </section>
    );
  }
  return <OrderHistory userId={user._id} />;
}

function OrderHistory({ userId }: { userId: string }) {
  // Mails link to one order: /My-orders?order=GC-10001.
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('order') ?? '');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const query = useMyOrders(userId, debouncedSearch);

  return (
    <section className="mt-8 pb-16 md:mt-16" aria-labelledby="orders-heading">
      <title>My orders · GreenCart</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex w-max flex-col items-end">
          <h1 id="orders-heading" className="text-2xl font-medium">
            My Orders
          </h1>
          <div className="h-0.5 w-16 rounded-full bg-primary" aria-hidden="true" />
        </div>
        <OrderSearch value={search} onChange={setSearch} />
      </div>

      {query.isPending && <Spinner label="Loading your orders…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <OrderList
          search={debouncedSearch}
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
  search,
  pages,
  hasNextPage,
  loadingMore,
  onLoadMore,
}: {
  search: string;
  pages: OrderPage[];
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const orders = flattenOrders(pages);
  const total = pages[0]?.total ?? orders.length;

  if (orders.length === 0) return <p className="mt-10 text-gray-600">{search ? `No order matches “${search}”.` : 'You have not placed any orders yet.'}</p>;

  return (
    <>
      <p className="mt-4 text-sm text-gray-600">
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
  const cart = useCart();
  const cancel = useCancelOrder();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
  const [dialog, confirm] = useConfirm();
  const number = orderNumberOf(order);
  const expected = isFinished(order.status) || order.deliverySlot ? '' : formatExpectedDelivery(order.expectedDeliveryAt);
  // Lines whose products are still in the catalogue (their sizes and stock are checked when it is pressed).
  const again = order.items.filter((item) => !!item.product && item.substituteFor === undefined);
  const [buying, setBuying] = useState(false);

  const onCancel = async () => {
    const refund = order.paymentType === 'Online' && order.paymentStatus === 'paid' ? ' Your online payment will be refunded in full.' : '';
    const answer = await confirm({
      title: `Cancel order ${number}?`,
      message: `The shop will not pack or deliver it.${refund}`,
      confirmLabel: 'Cancel order',
      cancelLabel: 'Keep order',
      danger: true,
      reason: { label: 'Why are you cancelling? (optional)', maxLength: MAX_CANCEL_REASON_LENGTH, hint: 'e.g. Ordered by mistake; the shop reads it' },
    });
    if (!answer) return;
    cancel.mutate(
      { orderId: order._id, reason: answer.reason || undefined },
      {
        onSuccess: () => toast.success(`Order ${number} cancelled${refund ? ', refund on its way' : ''}`, { id: `cancel-${order._id}` }),
        onError: (error) => toast.error(errorMessage(error), { id: `cancel-${order._id}` }),
      },
    );
  };

  const onBuyAgain = async () => {
    setBuying(true);
    try {
      const ids = [...new Set(again.map((item) => item.product!._id))];
      const products = await queryClient.fetchQuery(getCartProductsQueryOptions(ids));
      const { lines, notAdded } = buyAgain(order.items, products);
      if (notAdded.length) toast.info(`Not added: ${notAdded.join('; ')}`, { id: `buy-again-${order._id}`, duration: 8_000 });
      if (!lines.length) return;
      cart.addLines(lines);
      navigate('/cart');
    } catch (error) {
      toast.error(errorMessage(error), { id: `buy-again-${order._id}` });
    } finally {
      setBuying(false);
    }
  };

  return (
    <li data-testid="order-card" className="max-w-4xl rounded-lg border border-gray-300 p-4 md:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
        <h2 className="text-lg font-semibold text-gray-800">
          Order <span data-testid="order-number">{number}</span>
        </h2>
        <span className="font-medium text-gray-800">Total Amount: {formatPrice(order.amount)}</span>
      </div>

      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-gray-600 sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <dt>Status:</dt>
          <dd>
            <StatusBadge status={order.status} />
          </dd>
        </div>
        <div className="flex gap-2">
          <dt>Placed:</dt>
          <dd>
            <time dateTime={order.createdAt}>{formatPlacedAt(order.createdAt)}</time>
          </dd>
        </div>
        <div className="flex gap-2">
          <dt>Payment:</dt>
          <dd data-testid="order-payment">{paymentLabel(order)}</dd>
        </div>
        {order.deliverySlot && (
          <div className="flex gap-2" data-testid="order-slot">
            <dt>Delivery slot:</dt>
            <dd>{slotText(order.deliverySlot)}</dd>
          </div>
        )}
        {expected && (
          <div className="flex gap-2" data-testid="order-expected">
            <dt>Expected delivery:</dt>
            <dd>{expected}</dd>
          </div>
        )}
      </dl>

      <div className="mt-3 border-t border-gray-200 pt-3">
        <StatusTimeline order={order} />
      </div>
      <PackingChanges order={order} as="shopper" />
      <IssueOutcome order={order} as="shopper" />
      {order.status === 'Cancelled' && (
        <div className="mt-3">
          <CancellationNote order={order} />
        </div>
      )}

      <ul className="mt-2">
        {order.items.map((item, index) => (
          <li key={`${item.product?._id ?? item.name}-${item.variant ?? ''}-${index}`} className="flex items-center gap-4 border-t border-gray-200 py-3">
            <div className="shrink-0 rounded-lg bg-primary/10 p-2">
              <ProductImage src={thumbnailOf(itemImage(item))} alt={itemName(item)} className="h-12 w-12 md:h-16 md:w-16" />
            </div>
            <div className="min-w-0 flex-1">
              <p className={`truncate font-medium md:text-lg ${item.quantity === 0 ? 'text-gray-500 line-through' : 'text-gray-800'}`}>{itemName(item)}</p>
              <p className="text-sm text-gray-600">
                {item.product ? categoryText(item.product.category) : 'No longer sold'} · <span>Quantity: {item.quantity}</span>
              </p>
              {packedNote(item, order.items) && (
                <p data-testid="packed-note" className="text-sm font-medium text-amber-900">
                  {packedNote(item, order.items)}
                </p>
              )}
            </div>
            <p className="shrink-0 font-medium text-gray-800">
              {formatRupees(priceCart([{ offerPrice: itemOfferPrice(item), quantity: item.quantity }]).subtotalPaise)}
            </p>
          </li>
        ))}
      </ul>

      <div className="border-t border-gray-200 py-3 sm:ml-auto sm:max-w-72">
        <h3 className="sr-only">Bill</h3>
        <BillBreakdown order={order} />
      </div>

      <div className="border-t border-gray-200 pt-3 text-sm">
        <h3 className="font-medium text-gray-800">Delivery address</h3>
        <DeliveryAddress address={order.address} className="mt-1" />
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        {again.length > 0 && (
          <button
            type="button"
            onClick={() => void onBuyAgain()}
            disabled={buying}
            className="min-h-11 rounded bg-primary px-4 text-sm font-medium text-white transition hover:bg-primary-dull disabled:opacity-60"
          >
            Buy again
          </button>
        )}
        {order.status === 'Order Placed' && (
          <button
            type="button"
            onClick={() => void onCancel()}
            disabled={cancel.isPending}
            className="min-h-11 rounded border border-red-300 px-4 text-sm font-medium text-red-700 transition hover:bg-red-50 disabled:cursor-wait disabled:opacity-60"
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          </button>
        )}
        {order.status !== 'Cancelled' && <InvoiceButton orderId={order._id} as="shopper" />}
        {mayHaveCreditNotes(order) && <CreditNotes orderId={order._id} as="shopper" />}
        {canReportProblem(order) && <ReportProblem order={order} onChanged={refresh} />}
        <button
          type="button"
          onClick={() => navigate(`/chat?order=${encodeURIComponent(order._id)}${order.orderNumber ? `&number=${encodeURIComponent(order.orderNumber)}` : ''}`)}
          className="min-h-11 rounded border border-primary px-4 text-sm font-medium text-primary transition hover:bg-primary/10"
        >
          Send Message to Shop
        </button>
      </div>
      {dialog}
    </li>
  );
}
