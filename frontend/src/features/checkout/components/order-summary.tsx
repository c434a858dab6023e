import { priceCartIn, TAX_PERCENT, type PaymentType, type SubstitutionChoice, type TaxMode } from '@greencart/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAddresses } from '@/features/addresses';
import { refreshSession, useLoginDialog, useSessionStatus, useUser } from '@/features/auth';
import { orderableLines, orderItemOf, pricedLinesOf, takeOrderedLines, type CartSummary } from '@/features/cart';
import { pincodeStore, useDeliveryCheck, useStoredPincode } from '@/features/delivery';
import { SlotChooser, slotKeys, useSlotChoice } from '@/features/slots';
import { appliedCouponStore, CartCoupons, couponInCart, isCouponRefusal, offerKeys, useAppliedCoupon } from '@/features/offers';
import { SubstitutionPreference } from '@/features/packing';
import { useShopTax } from '@/features/shop';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { useOnline } from '@/lib/online';
import { usePaymentOptions } from '../api/get-payment-options';
import { usePlaceOrder } from '../api/place-order';
import { createCheckoutAttempts } from '../checkout-attempt';
import { checkoutStep } from '../checkout-step';
import { chooseAddress, rememberAddressId, rememberedAddressId } from '../chosen-address';
import { usePayOnline } from '../pay-online';
import { rememberedPaymentType, rememberPaymentType } from '../payment-choice';
import { failureMessage, OnlinePaymentError } from '../razorpay-checkout';
import { itemsOnlyNote, totalNote } from '../tax-words';
import { AddressChooser } from './address-chooser';
import { deliveryCharge, DeliveryNotes } from './delivery-notes';

/** One toast for an online payment's news: closing checkout after a failed attempt replaces the failure toast. */
const ONLINE_PAYMENT_TOAST = 'online-payment';
/** Orders and payments need the shop's server: offline they are refused, never queued for later. */
const OFFLINE_ORDER_MESSAGE = 'You are offline. Connect to the internet to place your order; nothing has been ordered or paid.';
/** The bill offline: the delivery fee and minimum come from the shop's server. */
const OFFLINE_BILL_NOTE = 'You\u2019re offline — fees and minimum will be checked when you\u2019re back';
/** One toast for placing an order: 'Order placed' replaces an earlier refusal. */
const ORDER_TOAST = 'place-order';

/** Where /Add-Adress sends the shopper back with the address just saved. */
interface CartLocationState {
  addressId?: string;
}

/** The cart's price, the delivery address and payment choice, and Place Order. */
export function OrderSummary({ summary }: { summary: CartSummary }) {
  const { data: user } = useUser();
  const sessionStatus = useSessionStatus();
  const checkingSession = sessionStatus === 'checking';
  const sessionUnknown = sessionStatus === 'unknown';
  const connected = useOnline();
  const loginDialog = useLoginDialog();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const savedAddressId = (location.state as CartLocationState | null)?.addressId;
  const addresses = useAddresses(user?._id, { fresh: true });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [paymentType, setPaymentType] = useState<PaymentType>(rememberedPaymentType);
  const [attempts] = useState(() => createCheckoutAttempts());
  // A double click lands before the disabled button renders: one request per attempt at a time.
  const sending = useRef(false);
  const placeOrder = usePlaceOrder();
  const payOnline = usePayOnline();
  const paymentOptions = usePaymentOptions();
  const paymentId = useId();
  const paymentNoteId = useId();

  const list = addresses.data ?? [];
  // The one picked here, else the one just saved, else the one chosen on an earlier visit, else the default.
  const selected = chooseAddress(list, chosenId, savedAddressId, rememberedAddressId(user?._id));
  const select = (id: string) => {
    setChosenId(id);
    if (user) rememberAddressId(user._id, id);
  };
  // The address just saved stays chosen on the next visit too.
  useEffect(() => {
    if (user && savedAddressId && selected?._id === savedAddressId) rememberAddressId(user._id, savedAddressId);
  }, [user, savedAddressId, selected?._id]);
  // The header's pincode and delivery time follow the address the order goes to.
  const selectedPincode = selected?.pincode;
  useEffect(() => {
    if (selectedPincode && selectedPincode !== pincodeStore.get()) pincodeStore.set(selectedPincode);
  }, [selectedPincode]);
  // Delivery as the shop answers for the address the order goes to (or, before one is chosen, the pincode given).
  const storedPincode = useStoredPincode();
  const delivery = useDeliveryCheck(selected?.pincode ?? storedPincode).data;
  const { slots, slotId, setSlotId, chosenSlot, slotChoice, slotsChecking } = useSlotChoice(selected?.pincode ?? storedPincode);
  const orderable = orderableLines(summary);
  const pricedLines = pricedLinesOf(orderable);
  const orderItems = orderable.map(orderItemOf);
  // The shop's tax mode (issue 54) decides what the total adds: the server charges by the same function.
  const shopTax = useShopTax({ staleTime: 60_000 });
  // The applied coupon on the live subtotal (before the discount): not counted while the cart is below its minimum.
  const { coupon: appliedCoupon } = useAppliedCoupon();
  const coupon = couponInCart(appliedCoupon, priceCartIn(shopTax, pricedLines).subtotalPaise);
  const couponCode = coupon?.terms ? coupon.coupon.code : undefined;
  const price = priceCartIn(shopTax, pricedLines, deliveryCharge(delivery), coupon?.terms);
  const addressesShown = !!user && !addresses.isPending && !addresses.isError && !(list.length === 0 && addresses.isFetching);
  const step = checkoutStep({
    shortCount: summary.shortKeys.length,
    orderableCount: orderable.length,
    needsAddress: addressesShown && !selected,
    delivery,
    subtotalPaise: price.subtotalPaise,
    taxMode: price.mode,
    slot: slotChoice,
    slotsChecking,
  });
  const blocked = step?.blocks ? step : null;
  const stepId = useId();
  const online = paymentOptions.data?.online;
  // Online stays chosen only while the shop offers it.
  const method: PaymentType = paymentType === 'Online' && online?.available ? 'Online' : 'COD';
  const pending = placeOrder.isPending || payOnline.isPending;
  const [substitutions, setSubstitutions] = useState<SubstitutionChoice>('refund');
  const paymentNote = paymentOptions.isError
    ? `Online payment: ${errorMessage(paymentOptions.error)}`
    : online && !online.available
      ? online.reason
      : method === 'Online' && paymentOptions.data
        ? `Card, UPI or netbanking through Razorpay. Questions about a payment: ${paymentOptions.data.shop.email}, ${paymentOptions.data.shop.phone}.`
        : '';

  const onOrderError = (error: unknown, toastId = ORDER_TOAST, code?: string) => {
    toast.error(error instanceof OnlinePaymentError ? error.message : errorMessage(error), { id: toastId });
    // The coupon no longer fits (used up, expired…): taken off, so the shopper sees the total without it before trying again.
    if (code && isCouponRefusal(error, code)) appliedCouponStore.refused(error.message);
    // A slot may have filled or closed meanwhile: its places are asked again.
    if (chosenSlot) void queryClient.invalidateQueries({ queryKey: slotKeys.all });
    // The session ended meanwhile: check it again and offer to sign in.
    if (error instanceof ApiError && error.status === 401) {
      void refreshSession(queryClient);
      loginDialog.open();
    }
  };

  const onPlaceOrder = () => {
    if (sending.current || checkingSession) return;
    // Never queued for later: the shopper decides again once the connection is back. Said first: offline,
    // the sign-in and saved addresses cannot be read, and "select an address" would be wrong.
    if (!navigator.onLine) {
      toast.error(OFFLINE_ORDER_MESSAGE, { id: ORDER_TOAST });
      return;
    }
    if (!user) {
      loginDialog.open();
      return;
    }
    if (!selected) {
      toast.error('Please select an address', { id: ORDER_TOAST });
      return;
    }
    if (blocked) {
      toast.error(`${blocked.message}. ${blocked.detail}`, { id: ORDER_TOAST });
      return;
    }
    // What the order will contain: the lines still sold and in stock, each naming its pack size (none: the default).
    const items = orderItems;
    if (items.length === 0) {
      toast.error('Nothing in your cart can be ordered right now', { id: ORDER_TOAST });
      return;
    }
    sending.current = true;
    // The order used the coupon: it is not offered for the next one until asked again.
    const couponTaken = () => {
      if (couponCode) appliedCouponStore.remove();
      void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    };
    if (method === 'Online' && paymentOptions.data) {
      // mutateAsync, not mutate's callbacks: the cart the order empties may be pushed to this tab (and this
      // summary unmounted) before the order's own answer arrives, and mutate's callbacks die with the component.
      payOnline
        .mutateAsync({
          address: selected,
          shopperEmail: user?.email,
          items,
          coupon: couponCode,
          substitutions,
          ...(chosenSlot ? { delivery: { slot: chosenSlot } } : {}),
          options: paymentOptions.data,
          onFailure: (response) => toast.error(`${failureMessage(response)} You can try again, or choose Cash On Delivery.`, { id: ONLINE_PAYMENT_TOAST }),
        })
        .then(
          (order) => {
            takeOrderedLines(queryClient, items);
            couponTaken();
            toast.success('Payment received, order placed', { id: ONLINE_PAYMENT_TOAST });
            navigate('/order-placed', { state: { order } });
          },
          (error: unknown) => {
            onOrderError(error, ONLINE_PAYMENT_TOAST, couponCode);
            // Paid but not confirmed yet: Razorpay's webhook records it; My orders shows it when it does.
            if (error instanceof OnlinePaymentError && error.kind === 'unconfirmed') navigate('/My-orders');
          },
        )
        .finally(() => {
          sending.current = false;
        });
      return;
    }
    const idempotencyKey = attempts.keyFor({ addressId: selected._id, paymentType: method, items, coupon: couponCode, slot: chosenSlot });
    placeOrder
      .mutateAsync({
        address: selected._id,
        items,
        idempotencyKey,
        coupon: couponCode,
        substitutions,
        ...(chosenSlot ? { delivery: { slot: chosenSlot } } : {}),
      })
      .then(
        (order) => {
          attempts.finish();
          takeOrderedLines(queryClient, items);
          couponTaken();
          toast.success('Order placed', { id: ORDER_TOAST });
          navigate('/order-placed', { state: { order } });
        },
        (error: unknown) => onOrderError(error, ORDER_TOAST, couponCode),
      )
      .finally(() => {
        sending.current = false;
      });
  };

  return (
    <aside className="h-fit w-full rounded border border-gray-300/70 bg-gray-100/40 p-5 md:max-w-90" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="text-xl font-medium md:text-xl">
        Order Summary
      </h2>
      <hr className="my-5 border-gray-300" />

      <div className="mb-6">
        <h3 className="text-sm font-medium">Delivery Address</h3>
        {checkingSession ? (
          <p className="mt-2 text-sm text-gray-600">Checking your session…</p>
        ) : sessionUnknown ? (
          <p className="mt-2 text-sm text-gray-600">Offline — we&rsquo;ll check your sign-in and addresses when you&rsquo;re back.</p>
        ) : user ? (
          <AddressChooser
            addresses={list}
            selected={selected}
            // An empty list still being asked again is not "No address found" yet.
            loading={addresses.isPending || (list.length === 0 && addresses.isFetching)}
            error={addresses.isError ? addresses.error : null}
            onRetry={() => void addresses.refetch()}
            onSelect={select}
          />
        ) : (
          <div className="mt-2 text-sm text-gray-600">
            <p>Sign in to add an address</p>
            <button
              type="button"
              onClick={loginDialog.open}
              className="mt-2 min-h-11 rounded border border-primary px-4 py-1.5 font-medium text-primary transition hover:bg-primary/10"
            >
              Sign in
            </button>
          </div>
        )}

        <label htmlFor={paymentId} className="mt-6 block text-sm font-medium">
          Payment Method
        </label>
        <select
          id={paymentId}
          value={method}
          onChange={(event) => {
            const type = event.target.value as PaymentType;
            setPaymentType(type);
            rememberPaymentType(type);
          }}
          disabled={pending}
          aria-describedby={paymentNote ? paymentNoteId : undefined}
          className="mt-2 min-h-11 w-full border border-gray-300 bg-white px-3 py-2 outline-none disabled:opacity-70"
        >
          <option value="COD">Cash On Delivery</option>
          <option value="Online" disabled={!online?.available}>
            {online?.available ? 'Online Payment' : paymentOptions.isPending ? 'Online Payment (checking…)' : 'Online Payment (unavailable)'}
          </option>
        </select>
        {paymentNote && (
          <p id={paymentNoteId} data-testid="payment-note" className="mt-2 text-xs text-gray-600">
            {paymentNote}
          </p>
        )}
      </div>

      {user && <SlotChooser slots={slots} value={slotId} onChange={setSlotId} disabled={pending} />}

      <CartCoupons subtotalPaise={price.subtotalPaise} items={orderItems} />

      <hr className="border-gray-300" />

      <dl className="mt-4 space-y-2 text-gray-600">
        <div className="flex justify-between">
          <dt>Items subtotal</dt>
          <dd>{formatRupees(price.subtotalPaise)}</dd>
        </div>
        {price.discountPaise > 0 && coupon && (
          <div className="flex justify-between text-green-700" data-testid="coupon-line">
            <dt>Coupon {coupon.coupon.code}</dt>
            <dd>−{formatRupees(price.discountPaise)}</dd>
          </div>
        )}
        {price.mode === 'flat' && (
          <div className="flex justify-between">
            <dt>Tax ({TAX_PERCENT}%)</dt>
            <dd>{formatRupees(price.taxPaise)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>Delivery fee</dt>
          {connected ? (
            <dd data-testid="delivery-fee" className={price.shippingPaise === 0 ? 'text-green-700' : ''}>
              {price.shippingPaise === 0 ? 'Free' : formatRupees(price.shippingPaise)}
            </dd>
          ) : (
            <dd data-testid="delivery-fee">—</dd>
          )}
        </div>
        <div className="mt-3 flex justify-between text-lg font-medium text-gray-800">
          <dt>Total Amount:</dt>
          <dd data-testid="cart-total">{formatRupees(price.totalPaise)}</dd>
        </div>
        {/* The prices are MRPs with GST inside: said, never added again. */}
        {price.mode === 'gst' && (
          <div className="flex justify-between text-sm" data-testid="gst-inside">
            <dt>Includes GST</dt>
            <dd>{formatRupees(price.taxInsidePaise)}</dd>
          </div>
        )}
      </dl>

      <SubstitutionPreference value={substitutions} onChange={setSubstitutions} />

      {summary.outOfStockKeys.length > 0 && <p className="mt-4 text-sm text-gray-600">Out-of-stock items are left out of the total and the order.</p>}
      {connected ? (
        <DeliveryNotes delivery={delivery} subtotalPaise={price.subtotalPaise} expressTime={!chosenSlot && !slotsChecking} taxMode={price.mode} />
      ) : (
        <p data-testid="offline-bill-note" className="mt-4 text-sm text-gray-700">
          {OFFLINE_BILL_NOTE}
        </p>
      )}

      {/* Phones: total and the order button stay at the bottom of the screen, a thumb away; wider screens: in the summary. */}
      <div
        data-testid="checkout-bar"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur md:static md:mt-6 md:border-0 md:bg-transparent md:p-0 md:shadow-none md:backdrop-blur-none"
      >
        {/* What to do before the order can be placed, right above the button (the reason it is greyed). */}
        {step && (
          <p
            id={stepId}
            role={step.kind === 'checking' ? 'status' : 'alert'}
            data-testid="checkout-blocked"
            data-step={step.kind}
            className="mb-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <strong className="font-semibold">{step.message}</strong>
            <span className="block text-xs">{step.detail}</span>
          </p>
        )}
        <div className="flex items-center gap-3">
          <BarAmount
            step={step?.kind}
            taxMode={price.mode}
            subtotalPaise={price.subtotalPaise}
            totalPaise={price.totalPaise}
            shippingPaise={price.shippingPaise}
            discountPaise={price.discountPaise}
          />
          <button
            type="button"
            onClick={onPlaceOrder}
            disabled={pending || !!blocked}
            aria-busy={pending}
            aria-describedby={step ? stepId : undefined}
            className={`min-h-12 w-full rounded bg-primary py-3 font-medium text-white transition hover:bg-primary-dull disabled:opacity-70 ${pending ? 'disabled:cursor-wait' : 'disabled:cursor-not-allowed'}`}
          >
            {method === 'Online' ? 'Proceed to Checkout' : 'Place Order'}
          </button>
        </div>
        {pending && (
          <p role="status" className="mt-2 text-center text-sm text-gray-600">
            {payOnline.isPending ? 'Waiting for your payment…' : 'Placing your order…'}
          </p>
        )}
      </div>
      {/* Room for the phone's bottom bar at the end of the page. */}
      <div className="h-20 md:hidden" aria-hidden="true" />
    </aside>
  );
}

/**
 * The phone bar's amount: the total with the coupon's discount, tax and delivery; the items' subtotal while the minimum order
 * (which counts items only) is not reached; nothing rather than ₹0.00 when nothing can be ordered.
 */
function BarAmount({
  step,
  taxMode,
  subtotalPaise,
  totalPaise,
  shippingPaise,
  discountPaise,
}: {
  step: string | undefined;
  taxMode: TaxMode;
  subtotalPaise: number;
  totalPaise: number;
  shippingPaise: number;
  discountPaise: number;
}) {
  if (totalPaise <= 0 || step === 'short' || step === 'nothing') return null;
  const itemsOnly = step === 'minimum';
  return (
    <p className="shrink-0 text-sm text-gray-600 md:hidden" data-testid="checkout-bar-amount" aria-hidden="true">
      <span className="block text-base font-semibold text-gray-800">{formatRupees(itemsOnly ? subtotalPaise : totalPaise)}</span>
      {itemsOnly ? itemsOnlyNote(taxMode) : totalNote(taxMode, shippingPaise > 0)}
      {!itemsOnly && discountPaise > 0 && <span className="block text-green-700">{formatRupees(discountPaise)} off</span>}
    </p>
  );
}
