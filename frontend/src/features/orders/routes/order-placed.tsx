import { lazy, Suspense } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { ProductImage } from '@/components/ui/product-image';
import { formatRupees, priceCart, slotText } from '@greencart/domain';
import { thumbnailOf } from '@/lib/product-urls';
import { DeliveryAddress } from '../components/delivery-address';
import { BillBreakdown } from '../components/order-facts';
import { paymentLabel } from '../payment-status';
import { formatExpectedDelivery, itemImage, itemName, itemOfferPrice, orderNumberOf, type Order } from '../types';

const OrderUpdatesOffer = lazy(async () => ({ default: (await import('@/features/push')).OrderUpdatesOffer }));

/** /order-placed: what was just ordered, as the server answered it (carried in the navigation's state). */
export function OrderPlacedRoute() {
  const order = (useLocation().state as { order?: Order } | null)?.order;
  // Opened again later (a reload, a bookmark): the order lives on in My orders.
  if (!order) return <Navigate to="/My-orders" replace />;
  const number = orderNumberOf(order);
  const promised = order.deliverySlot ? slotText(order.deliverySlot) : formatExpectedDelivery(order.expectedDeliveryAt);

  return (
    <section className="mx-auto mt-8 max-w-2xl pb-16 md:mt-16" aria-labelledby="placed-heading">
      <title>{`Order ${number} placed · GreenCart`}</title>
      <div className="rounded-lg bg-primary/10 px-5 py-4">
        <h1 id="placed-heading" className="text-2xl font-medium text-gray-800">
          Order placed
        </h1>
        <p className="mt-1 text-gray-700">
          Order{' '}
          <span data-testid="order-number" className="font-semibold">
            {number}
          </span>
          {promised && (
            <>
              {' '}
              · {order.deliverySlot ? 'delivery slot' : 'arriving by'} <strong data-testid="order-promised">{promised}</strong>
            </>
          )}
        </p>
        <p className="mt-1 text-sm text-gray-600" data-testid="order-payment">
          Payment: {paymentLabel(order)}
        </p>
      </div>

      <Suspense fallback={null}>
        <OrderUpdatesOffer />
      </Suspense>

      <h2 className="mt-6 font-medium text-gray-800">Items</h2>
      <ul className="mt-1">
        {order.items.map((item, index) => (
          <li key={`${item.product?._id ?? item.name}-${item.variant ?? ''}-${index}`} className="flex items-center gap-3 border-b border-gray-200 py-2">
            <ProductImage src={thumbnailOf(itemImage(item))} alt="" className="h-10 w-10 shrink-0" />
            <span className="min-w-0 flex-1 truncate text-gray-800">
              {itemName(item)} <span className="text-gray-600">× {item.quantity}</span>
            </span>
            <span className="shrink-0 text-gray-800">
              {formatRupees(priceCart([{ offerPrice: itemOfferPrice(item), quantity: item.quantity }]).subtotalPaise)}
            </span>
          </li>
        ))}
      </ul>

      <h2 className="mt-6 font-medium text-gray-800">Bill</h2>
      <div className="mt-1">
        <BillBreakdown order={order} />
      </div>

      <h2 className="mt-6 font-medium text-gray-800">Delivering to</h2>
      <DeliveryAddress address={order.address} className="mt-1 text-sm" />

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/My-orders" className="inline-flex min-h-11 items-center rounded bg-primary px-6 font-medium text-white hover:bg-primary-dull">
          Track this order
        </Link>
        <Link to="/products" className="inline-flex min-h-11 items-center rounded border border-primary px-6 font-medium text-primary hover:bg-primary/10">
          Continue shopping
        </Link>
      </div>
    </section>
  );
}
