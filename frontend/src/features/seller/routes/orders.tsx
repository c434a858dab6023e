import { formatRupees, MAX_CANCEL_REASON_LENGTH, movedByLine, nextStatuses, ORDER_STATUSES, slotText, type OrderStatus } from '@greencart/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useConfirm } from '@/components/ui/confirm';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProductImage } from '@/components/ui/product-image';
import { Spinner } from '@/components/ui/spinner';
import {
  DeliveryAddress,
  flattenOrders,
  formatExpectedDelivery,
  formatPlacedAt,
  isLate,
  itemImage,
  itemName,
  LoadMore,
  OrderSearch,
  orderNumberOf,
  paymentLabel,
  placedAgo,
  InvoiceButton,
  CreditNotes,
  mayHaveCreditNotes,
  StatusBadge,
  statusActionLabel,
  useSellerOrders,
  useUpdateOrderStatus,
  orderKeys,
  type Order,
} from '@/features/orders';
import { IssueOutcome, PackingChanges, PackOrder, packedNote, SellerIssues } from '@/features/packing';
import { errorMessage } from '@/lib/api-client';
import { formatPrice, pluralize } from '@/lib/format';
import { thumbnailOf } from '@/lib/product-urls';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useNow } from '@/lib/use-now';
import { SlotFilter, useSlotOrders } from '@/features/slots';
import { useSellerMay } from '@/features/staff';
import { PackingSlip } from '../components/packing-slip';
import { useNewOrders } from '../new-orders';

type StatusFilter = OrderStatus | 'open' | 'all';

/** /seller/orders: every order, newest first, with its age, and the buttons that move each one along. */
export function SellerOrdersRoute() {
  // The new-order mail links to its order: /seller/orders?order=GC-10001.
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('order') ?? '');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [dueFirst, setDueFirst] = useState(false);
  // The packer's view: one delivery slot's orders, read from the slot (issue 41).
  const [slot, setSlot] = useState<string | null>(null);
  const slotOrders = useSlotOrders(slot);
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const query = useSellerOrders(debouncedSearch);
  const { ids: arrivedIds } = useNewOrders();
  const now = useNow();
  const statusId = useId();
  const loaded = slot ? ((slotOrders.data ?? []) as Order[]) : query.data ? flattenOrders(query.data.pages) : [];
  // The filter applies to the orders loaded so far ("Load more" brings older ones).
  const filtered = loaded.filter((order) =>
    status === 'all' ? true : status === 'open' ? !['Delivered', 'Cancelled'].includes(order.status) : order.status === status,
  );
  // "Due first": the promised delivery time (placed + the area's ETA), soonest first.
  const orders = dueFirst ? [...filtered].sort((a, b) => Date.parse(a.expectedDeliveryAt) - Date.parse(b.expectedDeliveryAt)) : filtered;
  const total = slot ? loaded.length : (query.data?.pages[0]?.total ?? loaded.length);
  const late = loaded.filter((order) => isLate(order, now)).length;
  const queryClient = useQueryClient();
  // Problem reports are a manager's or the owner's.
  const mayAnswerReports = useSellerMay('issues');

  return (
    <section aria-labelledby="seller-orders-heading" className="max-w-4xl">
      <title>Orders · GreenCart seller</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="seller-orders-heading" className="text-lg font-medium">
          Orders List
        </h1>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          <OrderSearch value={search} onChange={setSearch} />
          <SlotFilter value={slot} onChange={setSlot} />
          <label htmlFor={statusId} className="sr-only">
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as StatusFilter)}
            className="min-h-11 min-w-0 flex-1 rounded border border-gray-300 bg-white px-3 text-base sm:flex-none sm:text-sm"
          >
            <option value="all">All statuses</option>
            <option value="open">Open (not delivered or cancelled)</option>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <button
            type="button"
            aria-pressed={dueFirst}
            onClick={() => setDueFirst(!dueFirst)}
            className={`min-h-11 rounded-full border px-4 text-sm font-medium ${dueFirst ? 'border-primary bg-primary/10 text-primary-dull' : 'border-gray-300 text-gray-700'}`}
          >
            Due first
          </button>
        </div>
      </div>
      {mayAnswerReports && <SellerIssues onChanged={() => queryClient.invalidateQueries({ queryKey: orderKeys.sellerAll() })} />}
      {query.isPending && <Spinner label="Loading orders…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          <p className="mt-2 text-sm text-gray-600" aria-live="polite">
            Showing {orders.length} of {pluralize(total, 'order')}
            {late > 0 && <span className="ml-2 font-medium text-red-700">· {late} past the promised time</span>}
          </p>
          {orders.length === 0 ? (
            <p className="mt-6 text-gray-600">
              {debouncedSearch ? `No order matches “${debouncedSearch}”.` : status !== 'all' ? 'No loaded order has this status.' : 'No orders yet.'}
            </p>
          ) : (
            <ul className="mt-4 space-y-4">
              {orders.map((order) => (
                <SellerOrder key={order._id} order={order} now={now} isNew={order.status === 'Order Placed' && arrivedIds.includes(order._id)} />
              ))}
            </ul>
          )}
          <LoadMore hasNextPage={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
        </>
      )}
    </section>
  );
}

function SellerOrder({ order, isNew, now }: { order: Order; isNew: boolean; now: Date }) {
  const update = useUpdateOrderStatus();
  const [dialog, confirm] = useConfirm();
  // Cancelling refunds a paid order: a manager's or the owner's, so a packer is not offered it.
  const mayCancel = useSellerMay('refunds');
  // Packing changes, cash refunds of problem reports and invoices: each shown to the roles whose routes allow it.
  const mayPack = useSellerMay('packing');
  const maySettle = useSellerMay('issues');
  const mayInvoice = useSellerMay('invoices');
  const moves = nextStatuses(order.status).filter((status) => status !== 'Cancelled' || mayCancel);
  const number = orderNumberOf(order);
  const late = isLate(order, now);
  const queryClient = useQueryClient();
  const [packing, setPacking] = useState(false);
  const [slipOpen, setSlipOpen] = useState(false);
  const canPack = order.status === 'Order Placed' || order.status === 'Packing';

  const move = async (status: OrderStatus) => {
    let reason: string | undefined;
    if (status === 'Cancelled') {
      const paidOnline = order.paymentType === 'Online' && order.paymentStatus === 'paid';
      const answer = await confirm({
        title: `Cancel order ${number}?`,
        message: `The shopper sees it as cancelled${paidOnline ? ` and gets their ${formatRupees(order.amountPaise)} back (refund started at once)` : ''}.`,
        confirmLabel: 'Cancel order',
        cancelLabel: 'Keep order',
        danger: true,
        reason: { label: 'Reason for the shopper (optional)', maxLength: MAX_CANCEL_REASON_LENGTH, hint: 'e.g. Mangoes sold out today' },
      });
      if (!answer) return;
      reason = answer.reason || undefined;
    } else if (status === 'Delivered') {
      const cash = order.paymentType === 'COD' ? ` The ${formatRupees(order.amountPaise)} cash is recorded as paid.` : '';
      const answer = await confirm({
        title: `Mark order ${number} delivered?`,
        message: `Only once it is in the shopper's hands: they are told it arrived.${cash}`,
        confirmLabel: 'Mark Delivered',
        cancelLabel: 'Not yet',
      });
      if (!answer) return;
    }
    update.mutate(
      { orderId: order._id, status, reason },
      {
        onSuccess: () => toast.success(status === 'Cancelled' ? `Order ${number} cancelled` : `Order ${number} marked ${status}`, { id: `order-${order._id}` }),
        onError: (error) => toast.error(errorMessage(error), { id: `order-${order._id}` }),
      },
    );
  };

  return (
    <li
      data-testid="seller-order"
      data-late={late || undefined}
      data-cancelled={order.status === 'Cancelled' || undefined}
      className={`rounded-md border p-4 text-sm text-gray-700 md:p-5 ${order.status === 'Cancelled' ? 'border-2 border-red-600' : late ? 'border-red-300 bg-red-50/60' : 'border-gray-300'}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="text-base font-semibold text-gray-800" data-testid="order-number">
          {number}
        </h2>
        <StatusBadge status={order.status} />
        {!!order.adjustments?.length && (
          <span data-testid="order-adjusted" className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            Changed while packing
          </span>
        )}
        {isNew && (
          <span data-testid="new-order" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-medium text-white">
            New
          </span>
        )}
        <span className="ml-auto text-base font-semibold text-gray-800">{formatPrice(order.amount)}</span>
      </div>
      <p className={`mt-1 ${late ? 'font-medium text-red-700' : 'text-gray-600'}`} data-testid="order-age">
        <time dateTime={order.createdAt}>{formatPlacedAt(order.createdAt)}</time> · {placedAgo(order.createdAt, now)}
        {!['Delivered', 'Cancelled'].includes(order.status) && order.expectedDeliveryAt && (
          <>
            {' '}
            · due <time dateTime={order.expectedDeliveryAt}>{formatExpectedDelivery(order.expectedDeliveryAt, now)}</time>
          </>
        )}
        {late && ' · past the promised time'}
        {order.deliverySlot && <span data-testid="order-slot"> · slot {slotText(order.deliverySlot)}</span>}
      </p>
      <MovedBy order={order} />
      {order.status === 'Cancelled' && <DoNotSend order={order} />}
      {order.status === 'Cancelled' && order.cancelReason && (
        <p className="mt-1 text-gray-700" data-testid="order-cancel-reason">
          {order.cancelledBy === 'shopper' ? 'The shopper’s reason' : 'Cancelled by the shop'}: {order.cancelReason}
        </p>
      )}

      <div className="mt-3 grid gap-4 md:grid-cols-[3fr_2fr]">
        <ul className="space-y-2">
          {order.items.map((item, index) => (
            <li key={`${item.product?._id ?? item.name}-${item.variant ?? ''}-${index}`} className="flex items-center gap-3">
              <ProductImage src={thumbnailOf(itemImage(item))} alt="" className="h-10 w-10 shrink-0 rounded border border-gray-200" />
              <p className={`font-medium ${item.quantity === 0 ? 'text-gray-500 line-through' : ''}`}>
                {itemName(item)} <span className="text-primary">× {item.ordered ?? item.quantity}</span>
              </p>
              {packedNote(item, order.items) && (
                <span data-testid="packed-note" className="text-xs text-amber-900">
                  {packedNote(item, order.items)}
                </span>
              )}
            </li>
          ))}
        </ul>
        <div>
          <DeliveryAddress address={order.address} />
          <p className="mt-1 text-gray-600">
            Payment: <span data-testid="order-payment">{paymentLabel(order)}</span>
          </p>
          <CouponLine order={order} />
          <p className="mt-1 text-gray-600" data-testid="order-substitutions">
            If an item is not available: {order.substitutions === 'similar' ? 'replace with a similar item' : 'refund it'}
          </p>
        </div>
      </div>
      <PackingChanges order={order} as="seller" />
      <IssueOutcome order={order} as="seller" maySettle={maySettle} onChanged={() => queryClient.invalidateQueries({ queryKey: orderKeys.sellerAll() })} />
      {packing && canPack && mayPack && (
        <PackOrder
          order={order}
          mayCancel={mayCancel}
          onChanged={() => queryClient.invalidateQueries({ queryKey: orderKeys.sellerAll() })}
          onClose={() => setPacking(false)}
        />
      )}

      <div className="mt-4 flex flex-wrap gap-2 border-t border-gray-200 pt-4">
        {canPack && mayPack && !packing && (
          <button type="button" onClick={() => setPacking(true)} className="min-h-11 rounded border border-primary px-4 font-medium text-primary">
            Pack items…
          </button>
        )}
        {moves.map((status) => (
          <button
            key={status}
            type="button"
            onClick={() => void move(status)}
            disabled={update.isPending}
            className={
              status === 'Cancelled'
                ? 'min-h-11 rounded border border-red-300 px-4 font-medium text-red-700 transition hover:bg-red-50 disabled:cursor-wait disabled:opacity-60'
                : 'min-h-11 rounded bg-primary px-4 font-medium text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-60'
            }
          >
            {statusActionLabel(status)}
          </button>
        ))}
        {order.status !== 'Cancelled' && (
          <button
            type="button"
            onClick={() => setSlipOpen(true)}
            className="min-h-11 rounded border border-gray-300 px-4 font-medium text-gray-700 hover:border-primary"
          >
            Print packing slip
          </button>
        )}
        {order.status !== 'Cancelled' && mayInvoice && <InvoiceButton orderId={order._id} as="seller" className="sm:ml-auto" />}
        {mayInvoice && mayHaveCreditNotes(order) && <CreditNotes orderId={order._id} as="seller" />}
      </div>
      {slipOpen && <PackingSlip order={order} onClose={() => setSlipOpen(false)} />}
      {dialog}
    </li>
  );
}

/** An order's coupon, where the seller reads its amount: "Coupon FLAT50: −₹50.00 off ₹593.50 of items". */
function CouponLine({ order }: { order: Order }) {
  const discount = order.discountPaise ?? 0;
  if (discount <= 0) return null;
  return (
    <p className="mt-1 text-gray-600" data-testid="order-coupon">
      {order.coupon?.code ? (
        <>
          Coupon <span className="font-medium text-gray-800">{order.coupon.code}</span>
        </>
      ) : (
        'Discount'
      )}
      : <span className="font-medium text-gray-800">−{formatRupees(discount)}</span> off {formatRupees(order.subtotalPaise)} of items
    </p>
  );
}

/**
 * A cancelled order, said where nobody packing or delivering it can miss it: the seller may be packing
 * it from the new-order mail, or have it in the van (it was Packing or Out for delivery).
 */
function DoNotSend({ order }: { order: Order }) {
  const wasUnderWay = order.statusHistory?.some((change) => change.status === 'Packing' || change.status === 'Out for delivery');
  const paidOnline = order.paymentType === 'Online' && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded');
  const who = order.cancelledBy === 'shopper' ? 'by the shopper' : order.cancelledBy === 'shop' ? 'by the shop' : '';
  return (
    <div role="note" data-testid="do-not-send" className="mt-2 rounded bg-red-700 px-3 py-2 text-white">
      <p className="text-base font-bold">Cancelled — do not send</p>
      <p className="text-sm">
        Cancelled{who ? ` ${who}` : ''}
        {wasUnderWay ? ' after it was packed: take it back off the shelf or out of the van' : ''}.{' '}
        {paidOnline ? `The ${formatRupees(order.amountPaise)} paid online goes back to the shopper.` : 'Nothing to collect.'}
      </p>
    </div>
  );
}

/** Who moved the order along when it was a staff member ("Packed by Ravi · Sent out by Meena"). */
function MovedBy({ order }: { order: Order }) {
  const steps = (order.statusHistory ?? []).filter((step) => step.by);
  if (!steps.length) return null;
  return (
    <p className="mt-1 text-gray-600" data-testid="order-moved-by">
      {steps.map((step) => movedByLine(step.status, step.by!)).join(' · ')}
    </p>
  );
}
