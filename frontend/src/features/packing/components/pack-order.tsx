import { formatRupees, nameWithSize, repriceAdjusted, toPaise, type OrderView, type ProductView } from '@greencart/domain';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdjustOrder } from '../api/adjust-order';
import { useReplacementSearch } from '../api/search-replacements';

interface Substitute {
  forLine: number;
  product: Pick<ProductView, '_id' | 'name' | 'offerPrice'>;
  quantity: number;
}

const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, '');

/**
 * The seller packs an order on the phone: a tick per line (packed in full), how many were packed, and —
 * when the shopper allowed it — "Replace with…" from the catalogue. Shows the new total and the refund
 * before saving; saving sends one change with its own key (a retry after a lost answer changes it once).
 * Packing nothing cancels the order and refunds it: without `mayCancel` (the 'refunds' permission) Save stays off for it.
 */
export function PackOrder({
  order,
  onChanged,
  onClose,
  mayCancel = false,
}: {
  order: OrderView;
  onChanged: () => unknown;
  onClose: () => void;
  mayCancel?: boolean;
}) {
  const [packed, setPacked] = useState(() => order.items.map((item) => item.quantity));
  const [subs, setSubs] = useState<Substitute[]>([]);
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const adjust = useAdjustOrder({ onChanged });
  const reasonId = useId();
  const allowSubs = order.substitutions === 'similar';
  const unit = (index: number) => order.items[index].offerPricePaise ?? toPaise(order.items[index].offerPrice);

  const preview = (() => {
    try {
      return repriceAdjusted({
        lines: order.items.map((item, i) => ({ unitPaise: unit(i), quantity: item.quantity, packed: packed[i] })),
        substitutes: subs.map((s) => ({ forLine: s.forLine, unitPaise: toPaise(s.product.offerPrice), quantity: s.quantity })),
        discountPaise: order.discountPaise ?? 0,
        shippingPaise: order.deliveryFeePaise ?? 0,
        totalBeforePaise: order.amountPaise,
      });
    } catch {
      return null;
    }
  })();
  const changed = packed.some((count, i) => count !== order.items[i].quantity) || subs.length > 0;
  const cancelRefused = !!preview?.cancels && !mayCancel;

  const setLine = (index: number, count: number) => {
    const item = order.items[index];
    const next = Math.max(0, Math.min(item.quantity, Number.isFinite(count) ? Math.round(count) : 0));
    setPacked((now) => now.map((c, i) => (i === index ? next : c)));
    if (next === item.quantity) setSubs((now) => now.filter((s) => s.forLine !== index));
  };

  const save = () => {
    const lines = packed.map((count, line) => ({ line, packed: count })).filter(({ line, packed: count }) => count !== order.items[line].quantity);
    adjust.mutate(
      {
        orderId: order._id,
        idempotencyKey: key,
        lines,
        ...(subs.length ? { substitutes: subs.map((s) => ({ forLine: s.forLine, product: s.product._id, quantity: s.quantity })) } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      {
        onSuccess: ({ adjustment }) => {
          setKey(newKey());
          toast.success(adjustment.cancels ? 'Nothing packed: order cancelled' : 'Packing saved', { id: `pack-${order._id}` });
          onClose();
        },
        // A refusal (out of stock, changed meanwhile) is final for this key: the next try is a new change.
        onError: (error) => {
          setKey(newKey());
          toast.error(errorMessage(error), { id: `pack-${order._id}` });
        },
      },
    );
  };

  // On a computer the form keeps a phone-like width (the count beside its line) and Save is a button, not a bar.
  return (
    <section aria-label="Pack this order" data-testid="pack-order" className="mt-3 rounded border border-primary/40 bg-primary/5 p-3 sm:max-w-2xl">
      <p className="text-sm text-gray-700">
        Untick what you could not pack, or set how many you packed.{' '}
        {allowSubs ? 'The shopper accepts a similar item.' : 'The shopper asked for a refund of what is missing.'}
      </p>
      <ul className="mt-2 space-y-3">
        {order.items.map((item, index) =>
          item.quantity === 0 ? null : (
            <li key={index} data-testid="pack-line" className="rounded bg-white p-2">
              <div className="flex items-center gap-3">
                <label className="flex min-h-11 flex-1 items-center gap-2">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-primary"
                    checked={packed[index] === item.quantity}
                    onChange={(event) => setLine(index, event.target.checked ? item.quantity : 0)}
                  />
                  <span className="font-medium">
                    {nameWithSize(item.name, item.label)} × {item.quantity}
                  </span>
                </label>
                <label className="flex items-center gap-1 text-sm">
                  <span>Packed</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={item.quantity}
                    value={packed[index]}
                    aria-label={`Packed of ${nameWithSize(item.name, item.label)}`}
                    onChange={(event) => setLine(index, Number(event.target.value))}
                    className="h-11 w-16 rounded border border-gray-300 px-2 text-base"
                  />
                </label>
              </div>
              {allowSubs && packed[index] < item.quantity && (
                <ReplaceWith
                  line={index}
                  chosen={subs.filter((s) => s.forLine === index)}
                  onAdd={(product) => setSubs((now) => [...now, { forLine: index, product, quantity: item.quantity - packed[index] }])}
                  onRemove={(sub) => setSubs((now) => now.filter((s) => s !== sub))}
                />
              )}
            </li>
          ),
        )}
      </ul>
      <label htmlFor={reasonId} className="mt-3 block text-sm font-medium">
        Note for the shopper (optional)
      </label>
      <input
        id={reasonId}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
        className="mt-1 h-11 w-full rounded border border-gray-300 px-3 text-base"
        placeholder="e.g. The last tomatoes were bruised"
      />
      {preview && changed && (
        <p className="mt-3 text-sm" data-testid="pack-preview" aria-live="polite">
          {preview.cancels
            ? cancelRefused
              ? 'Nothing packed would cancel the order: your role cannot cancel orders, so ask a manager or the shop owner.'
              : 'Nothing packed: the order will be cancelled and refunded in full.'
            : `New total ${formatRupees(preview.totalPaise)} (was ${formatRupees(order.amountPaise)}) · ${
                order.paymentType === 'COD' ? `collect ${formatRupees(preview.totalPaise)}` : `refund ${formatRupees(preview.differencePaise)}`
              }`}
        </p>
      )}
      <div className="mt-3 flex gap-2">
        <button
          type="button"
          onClick={save}
          disabled={!changed || cancelRefused || adjust.isPending}
          className="min-h-11 flex-1 rounded bg-primary px-4 font-medium text-white disabled:opacity-60 sm:flex-none sm:px-8"
        >
          {adjust.isPending ? 'Saving…' : 'Save packing'}
        </button>
        <button type="button" onClick={onClose} className="min-h-11 rounded border border-gray-300 px-4">
          Close
        </button>
      </div>
    </section>
  );
}

function ReplaceWith({
  line,
  chosen,
  onAdd,
  onRemove,
}: {
  line: number;
  chosen: Substitute[];
  onAdd: (product: ProductView) => void;
  onRemove: (sub: Substitute) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 250);
  const found = useReplacementSearch(debounced);
  const inputId = useId();
  return (
    <div className="mt-2 text-sm">
      {chosen.map((sub) => (
        <p key={sub.product._id} className="flex items-center gap-2" data-testid="pack-substitute">
          Replaced by {sub.product.name} × {sub.quantity}
          <button type="button" onClick={() => onRemove(sub)} className="min-h-11 px-2 text-red-700 underline">
            Remove
          </button>
        </p>
      ))}
      {chosen.length === 0 && (
        <>
          <label htmlFor={inputId} className="sr-only">
            Replace line {line + 1} with
          </label>
          <input
            id={inputId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Replace with…"
            className="h-11 w-full rounded border border-gray-300 px-3 text-base"
          />
          {debounced.length > 1 && (
            <ul className="mt-1 divide-y rounded border border-gray-200 bg-white">
              {(found.data?.products ?? []).map((product) => (
                <li key={product._id}>
                  <button type="button" onClick={() => onAdd(product)} className="flex min-h-11 w-full justify-between px-3 text-left">
                    <span>{product.name}</span>
                    <span>{formatRupees(toPaise(product.offerPrice))}</span>
                  </button>
                </li>
              ))}
              {found.isSuccess && found.data.products.length === 0 && <li className="px-3 py-2 text-gray-600">Nothing found</li>}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
