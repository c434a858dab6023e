import { couponDiscountPaise, formatRupees, minimumGapPaise, type OfferView } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { useLoginDialog, useUser } from '@/features/auth';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCheckCoupon, type CheckCouponInput } from '../api/check-coupon';
import { useOffers, type Offers } from '../api/get-offers';
import { appliedCouponStore, couponInCart, minimumMessage, useAppliedCoupon } from '../applied-coupon';

/** An offer as this cart stands now. */
type OfferFit =
  | { kind: 'applies'; discountPaise: number }
  | { kind: 'short'; gapPaise: number; message: string }
  /** For a reason only the server knows (first order, used already, signed out). */
  | { kind: 'closed'; message: string };

/**
 * The server judged the offers against its copy of the cart, which may be behind this page: the minimum and
 * the discount are judged again on the live subtotal; other reasons are the server's.
 */
export function offerFit(offer: OfferView, serverSubtotalPaise: number, subtotalPaise: number): OfferFit {
  const shortOnServer = minimumGapPaise(serverSubtotalPaise, offer.minSubtotal) > 0;
  const onlyTheMinimum = shortOnServer && (!offer.message || offer.message.startsWith('Add '));
  if (!offer.applies && !onlyTheMinimum) return { kind: 'closed', message: offer.message ?? `Coupon ${offer.code} is not valid for this order` };
  const gapPaise = minimumGapPaise(subtotalPaise, offer.minSubtotal);
  if (gapPaise > 0) return { kind: 'short', gapPaise, message: minimumMessage(offer, subtotalPaise) ?? `Add ${formatRupees(gapPaise)} more` };
  return { kind: 'applies', discountPaise: couponDiscountPaise(subtotalPaise, offer) };
}

/**
 * The cart's coupon: the one applied (what it saves, or what the cart still needs for it), a code box, and
 * the shop's public offers with an Apply button each.
 */
export function CartCoupons({ subtotalPaise, items }: { subtotalPaise: number; items: CheckCouponInput['items'] }) {
  const { data: user } = useUser();
  const offers = useOffers(user?._id ?? null, { enabled: user !== undefined });
  const { coupon, notice } = useAppliedCoupon();
  const applied = couponInCart(coupon, subtotalPaise);
  const check = useCheckCoupon();
  const loginDialog = useLoginDialog();
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [trying, setTrying] = useState<string | null>(null);
  const codeId = useId();
  const refusalId = useId();

  const apply = (typed: string) => {
    const wanted = typed.trim();
    if (!wanted) {
      setRefusal('Type a coupon code');
      return;
    }
    if (check.isPending) return;
    setTrying(wanted.toUpperCase());
    setRefusal(null);
    check.mutate(
      { code: wanted, items },
      {
        onSuccess: ({ coupon: accepted }) => {
          appliedCouponStore.apply(accepted);
          setCode('');
        },
        onError: (error) => {
          setRefusal(errorMessage(error));
          if (error instanceof ApiError && error.status === 401) loginDialog.open();
        },
        onSettled: () => setTrying(null),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(code);
  };

  return (
    <section aria-labelledby={`${codeId}-heading`} className="mb-6" data-testid="cart-coupons">
      <h3 id={`${codeId}-heading`} className="text-sm font-medium">
        Coupon
      </h3>

      {applied && (
        <div
          data-testid="applied-coupon"
          className={`mt-2 flex items-start justify-between gap-3 rounded border px-3 py-2 text-sm ${applied.gapPaise > 0 ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-primary/40 bg-primary/10 text-gray-800'}`}
        >
          <p role="status" className="min-w-0">
            {applied.gapPaise > 0 ? (
              <>
                <span className="font-mono font-semibold">{applied.coupon.code}</span> not counted: {applied.message}
              </>
            ) : (
              <>
                <span className="font-mono font-semibold">{applied.coupon.code}</span> applied — you save {formatRupees(applied.discountPaise)}
              </>
            )}
            <span className="block text-xs text-gray-600">{applied.coupon.title}</span>
          </p>
          <button
            type="button"
            onClick={() => appliedCouponStore.remove()}
            aria-label={`Remove coupon ${applied.coupon.code}`}
            className="min-h-9 shrink-0 rounded px-2 text-sm font-medium text-red-700 underline-offset-2 hover:underline"
          >
            Remove
          </button>
        </div>
      )}
      {notice && !applied && (
        <p role="alert" data-testid="coupon-notice" className="mt-2 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}. The coupon was taken off: check the total and place your order again.
        </p>
      )}

      <form onSubmit={onSubmit} noValidate className="mt-2">
        <label htmlFor={codeId} className="text-sm text-gray-700">
          Have a coupon code?
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={codeId}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setRefusal(null);
            }}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            placeholder="Enter code"
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? refusalId : undefined}
            className={`min-h-11 min-w-0 flex-1 rounded border bg-white px-3 font-mono text-base tracking-wide uppercase outline-none placeholder:font-sans placeholder:tracking-normal placeholder:normal-case focus:border-primary sm:text-sm ${refusal ? 'border-red-500' : 'border-gray-300'}`}
          />
          <button
            type="submit"
            disabled={check.isPending}
            aria-busy={check.isPending && trying === code.trim().toUpperCase()}
            className="min-h-11 shrink-0 rounded border border-primary px-4 text-sm font-medium text-primary transition hover:bg-primary/10 disabled:cursor-wait disabled:opacity-70"
          >
            Apply
          </button>
        </div>
        {refusal && (
          <p id={refusalId} role="alert" data-testid="coupon-refusal" className="mt-1 text-sm text-red-700">
            {refusal}
          </p>
        )}
      </form>

      <OfferList
        offers={offers.data}
        subtotalPaise={subtotalPaise}
        appliedCode={coupon?.code}
        trying={check.isPending ? trying : null}
        onApply={(offerCode) => {
          setCode('');
          apply(offerCode);
        }}
      />
    </section>
  );
}

function OfferList({
  offers,
  subtotalPaise,
  appliedCode,
  trying,
  onApply,
}: {
  offers: Offers | undefined;
  subtotalPaise: number;
  appliedCode: string | undefined;
  trying: string | null;
  onApply: (code: string) => void;
}) {
  const headingId = useId();
  if (!offers || offers.coupons.length === 0) return null;
  return (
    <div className="mt-4">
      <h4 id={headingId} className="text-sm font-medium">
        Offers for you
      </h4>
      <ul aria-labelledby={headingId} className="mt-2 space-y-2">
        {offers.coupons.map((offer) => {
          const fit = offerFit(offer, offers.subtotalPaise, subtotalPaise);
          const isApplied = offer.code === appliedCode;
          return (
            <li
              key={offer.code}
              aria-label={`Offer ${offer.code}`}
              data-testid="offer"
              className="flex items-start justify-between gap-3 rounded border border-dashed border-gray-300 bg-white px-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <p className="font-mono font-semibold tracking-wide text-gray-800">{offer.code}</p>
                <p className="text-gray-700">{offer.title}</p>
                <p
                  data-testid="offer-fit"
                  className={`mt-0.5 text-xs ${fit.kind === 'applies' ? 'text-green-700' : fit.kind === 'short' ? 'text-amber-800' : 'text-gray-600'}`}
                >
                  {fit.kind === 'applies'
                    ? `You save ${formatRupees(fit.discountPaise)}`
                    : fit.kind === 'short'
                      ? `Add ${formatRupees(fit.gapPaise)} more to use it`
                      : fit.message}
                </p>
              </div>
              {isApplied ? (
                <span className="shrink-0 py-2 text-xs font-medium text-green-700">Applied</span>
              ) : (
                <button
                  type="button"
                  onClick={() => onApply(offer.code)}
                  disabled={fit.kind === 'closed' || trying !== null}
                  aria-label={`Apply ${offer.code}`}
                  aria-busy={trying === offer.code}
                  className="min-h-9 shrink-0 rounded border border-primary px-3 text-sm font-medium text-primary transition hover:bg-primary/10 disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-500 disabled:hover:bg-transparent"
                >
                  Apply
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
