import { slotText } from '@greencart/domain';
import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { getProductQueryOptions } from '@/features/products';
import { orderNumberOf, type Order } from '@/features/orders';

/**
 * A packing slip for one order, over the page and alone on paper (index.css hides everything else while
 * it is open): order number, slot or express, the customer's first name and address, and each line with
 * its size, quantity, SKU and barcode (the pack size's codes as the catalogue has them) and a tick box.
 * Lines packed to 0 are left out.
 */
export function PackingSlip({ order, onClose }: { order: Order; onClose: () => void }) {
  const lines = order.items.filter((item) => item.quantity > 0);
  const products = useQueries({
    queries: lines.map((item) => ({ ...getProductQueryOptions(item.product?._id ?? ''), enabled: !!item.product?._id, retry: false })),
  });
  useEffect(() => {
    document.body.dataset.printingSlip = '';
    return () => {
      delete document.body.dataset.printingSlip;
    };
  }, []);
  const address = order.address;
  return createPortal(
    <div
      data-print-slip=""
      role="dialog"
      aria-modal="true"
      aria-labelledby="packing-slip-heading"
      className="fixed inset-0 z-50 overflow-auto bg-white p-6 text-black print:static print:overflow-visible print:p-0"
    >
      <div className="mb-4 flex gap-2 print:hidden">
        <button type="button" onClick={() => window.print()} className="min-h-11 rounded bg-primary px-4 font-medium text-white">
          Print
        </button>
        <button type="button" onClick={onClose} className="min-h-11 rounded border border-gray-400 px-4 font-medium">
          Close
        </button>
      </div>
      <h1 id="packing-slip-heading" className="text-xl font-bold">
        Packing slip · {orderNumberOf(order)}
      </h1>
      <p data-testid="slip-delivery" className="mt-1">
        {order.deliverySlot ? `Slot: ${slotText(order.deliverySlot)}` : 'Express delivery'}
      </p>
      <address data-testid="slip-address" className="mt-3 not-italic">
        <p className="font-semibold">{address.firstName}</p>
        {address.house && <p>{address.house}</p>}
        <p>
          {address.street}, {address.city}
        </p>
        {address.landmark && <p>{address.landmark}</p>}
        <p>
          {address.state}, {address.pincode || address.zipcode}
        </p>
      </address>
      <table className="mt-4 w-full border-collapse text-sm" data-testid="packing-slip">
        <thead>
          <tr className="border-b border-black text-left">
            <th className="w-8 py-2 pr-2 font-medium">
              <span className="sr-only">Packed</span>
            </th>
            <th className="py-2 pr-3 font-medium">Product</th>
            <th className="py-2 pr-3 font-medium">Size</th>
            <th className="py-2 pr-3 text-right font-medium">Quantity</th>
            <th className="py-2 pr-3 font-medium">SKU</th>
            <th className="py-2 font-medium">Barcode</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((item, i) => {
            const sizes = products[i]?.data?.variants ?? [];
            const size = item.variant ? sizes.find((s) => s._id === item.variant) : sizes[0];
            return (
              <tr key={`${item.product?._id ?? item.name}-${item.variant ?? i}`} className="border-b border-gray-500 print:break-inside-avoid">
                <td className="py-2 pr-2">
                  <span aria-hidden="true" className="inline-block h-4 w-4 border border-black" />
                </td>
                <td className="py-2 pr-3 font-medium">{item.name || item.product?.name}</td>
                <td className="py-2 pr-3">{item.label ?? ''}</td>
                <td className="py-2 pr-3 text-right text-base font-semibold">{item.quantity}</td>
                <td className="py-2 pr-3 font-mono text-xs">{size?.sku ?? ''}</td>
                <td className="py-2 font-mono text-xs">{size?.barcode ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>,
    document.body,
  );
}
