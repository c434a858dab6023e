import { couponTitle, formatRupees, type SellerCoupon } from '@greencart/domain';
import { useState } from 'react';
import { useConfirm } from '@/components/ui/confirm';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { pluralize } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useSellerCoupons } from '../api/get-seller-coupons';
import { useUpdateCoupon } from '../api/update-coupon';
import { CouponFormDialog } from '../components/coupon-form-dialog';
import { shopDay } from '../shop-time';

/** Phones: a card per coupon; wider screens: the same items laid out as table columns. */
const ROW_GRID =
  'grid grid-cols-2 gap-x-3 gap-y-2 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1.1fr)_minmax(0,1fr)_minmax(0,1fr)_8.5rem_9.5rem] lg:items-center lg:gap-4';

/** The form that is open: a new coupon, or the edit of one. */
type Editing = { kind: 'new' } | { kind: 'edit'; coupon: SellerCoupon } | null;

/** /seller/coupons: every coupon with what it gives, its dates and limits, its uses and the discount given; create, edit, switch and delete. */
export function SellerCouponsRoute() {
  const coupons = useSellerCoupons();
  const [editing, setEditing] = useState<Editing>(null);
  const list = coupons.data ?? [];

  return (
    <section aria-labelledby="coupons-heading" className="max-w-6xl">
      <title>Coupons · GreenCart seller</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="coupons-heading" className="text-lg font-medium">
            Coupons
          </h1>
          <p className="mt-1 text-sm text-gray-600">One coupon per order. Public ones show in the cart under “Offers for you”; others work when typed.</p>
        </div>
        <button
          type="button"
          onClick={() => setEditing({ kind: 'new' })}
          className="min-h-11 w-full rounded bg-primary px-5 font-medium text-white hover:bg-primary-dull sm:w-auto"
        >
          New coupon
        </button>
      </div>

      {coupons.isPending && <Spinner label="Loading coupons…" />}
      {coupons.isError && <ErrorNotice error={coupons.error} onRetry={() => void coupons.refetch()} />}
      {coupons.isSuccess &&
        (list.length === 0 ? (
          <p className="mt-8 rounded-md bg-primary/10 px-4 py-3 text-sm text-gray-700">
            No coupons yet. Create one: “FLAT50 above ₹499”, “10% off your first order”.
          </p>
        ) : (
          <>
            <p className="mt-4 text-sm text-gray-600">{pluralize(list.length, 'coupon')}</p>
            <div className="mt-2 lg:rounded-md lg:border lg:border-gray-300">
              <div
                className={`hidden border-b border-gray-300 bg-gray-50 px-4 py-2 text-xs font-medium tracking-wide text-gray-600 uppercase lg:grid ${ROW_GRID}`}
                aria-hidden="true"
              >
                <span>Coupon</span>
                <span>Dates</span>
                <span>Limits</span>
                <span>Used</span>
                <span>Shown · Active</span>
                <span className="text-right">Actions</span>
              </div>
              <ul aria-label="Coupons" className="space-y-3 lg:space-y-0">
                {list.map((coupon) => (
                  <CouponRow key={coupon._id} coupon={coupon} onEdit={() => setEditing({ kind: 'edit', coupon })} />
                ))}
              </ul>
            </div>
          </>
        ))}

      {editing && <CouponFormDialog coupon={editing.kind === 'edit' ? editing.coupon : undefined} onClose={() => setEditing(null)} />}
    </section>
  );
}

function CouponRow({ coupon, onEdit }: { coupon: SellerCoupon; onEdit: () => void }) {
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const [dialog, confirm] = useConfirm();
  const toastId = { id: `coupon-${coupon._id}` };
  const state = couponState(coupon);

  const toggle = (field: 'public' | 'active', on: boolean) =>
    update.mutate(
      { id: coupon._id, changes: { [field]: on } },
      {
        onSuccess: (saved) =>
          toast.success(
            field === 'public'
              ? `${saved.code} ${on ? 'shows under “Offers for you”' : 'is hidden from “Offers for you”'}`
              : `${saved.code} ${on ? 'is active' : 'is paused'}`,
            toastId,
          ),
        onError: (error) => toast.error(errorMessage(error), toastId),
      },
    );

  const deleteCoupon = async () => {
    const answer = await confirm({
      title: `Delete coupon ${coupon.code}?`,
      message:
        coupon.held > 0
          ? `${pluralize(coupon.held, 'open online checkout')} holding it can still finish with it. Orders that used it keep their discount.`
          : 'Shoppers can no longer use it. Orders that used it keep their discount.',
      confirmLabel: 'Delete coupon',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!answer) return;
    remove.mutate(coupon._id, {
      onSuccess: () => toast.success(`Coupon ${coupon.code} deleted`, toastId),
      onError: (error) => toast.error(errorMessage(error), toastId),
    });
  };

  return (
    <li
      data-testid="seller-coupon-row"
      aria-label={`Coupon ${coupon.code}`}
      className={`rounded-md border border-gray-300 bg-white p-3 text-sm text-gray-700 lg:rounded-none lg:border-x-0 lg:border-b-0 lg:border-gray-200 lg:px-4 lg:first:border-t-0 ${ROW_GRID}`}
    >
      <div className="col-span-2 min-w-0 lg:col-span-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-base font-semibold tracking-wide text-gray-800">{coupon.code}</span>
          {state && <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${state.className}`}>{state.label}</span>}
        </p>
        <p className="mt-0.5 text-gray-700" data-testid="coupon-title">
          {couponTitle(coupon)}
        </p>
      </div>

      <div className="min-w-0">
        <p className="text-xs text-gray-500 lg:hidden">Dates</p>
        <p data-testid="coupon-dates">{datesText(coupon)}</p>
      </div>

      <div className="min-w-0">
        <p className="text-xs text-gray-500 lg:hidden">Limits</p>
        <p data-testid="coupon-limits">
          {coupon.perShopperLimit === 1 ? 'Once per shopper' : `${coupon.perShopperLimit} per shopper`}
          <br />
          {coupon.totalLimit ? `${coupon.totalLimit} in total` : 'No total limit'}
        </p>
      </div>

      <div className="col-span-2 min-w-0 lg:col-span-1">
        <p className="text-xs text-gray-500 lg:hidden">Used</p>
        <p data-testid="coupon-uses">
          <span className="font-medium text-gray-800">
            {coupon.totalLimit ? `${coupon.used} of ${coupon.totalLimit} used` : `${pluralize(coupon.used, 'use')}`}
          </span>
          {coupon.held > 0 && <span className="text-amber-800"> · {coupon.held} held</span>}
          <br />
          <span className="text-gray-600">{formatRupees(coupon.discountGivenPaise)} given</span>
        </p>
      </div>

      <div className="col-span-2 flex flex-wrap gap-x-5 gap-y-1 lg:col-span-1 lg:flex-col">
        <Switch
          label="Shown"
          name={`Show ${coupon.code} under Offers for you`}
          on={coupon.public}
          disabled={update.isPending}
          onChange={(on) => toggle('public', on)}
        />
        <Switch label="Active" name={`${coupon.code} active`} on={coupon.active} disabled={update.isPending} onChange={(on) => toggle('active', on)} />
      </div>

      <div className="col-span-2 flex gap-2 lg:col-span-1 lg:justify-end">
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Edit ${coupon.code}`}
          className="min-h-11 flex-1 rounded border border-gray-300 px-4 hover:border-primary hover:text-primary lg:flex-none"
        >
          Edit
        </button>
        <button
          type="button"
          onClick={() => void deleteCoupon()}
          disabled={remove.isPending}
          aria-label={`Delete ${coupon.code}`}
          className="min-h-11 flex-1 rounded border border-red-200 px-4 text-red-700 hover:bg-red-50 disabled:cursor-wait disabled:opacity-60 lg:flex-none"
        >
          Delete
        </button>
      </div>
      {dialog}
    </li>
  );
}

/** A switch the seller flips from the list: a labelled checkbox with role="switch". */
function Switch({ label, name, on, disabled, onChange }: { label: string; name: string; on: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="relative inline-flex min-h-11 cursor-pointer items-center gap-2 lg:min-h-9">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-label={name}
        className="peer sr-only"
      />
      <span
        className="h-6 w-10 rounded-full bg-slate-400 transition-colors duration-200 peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary-dull peer-focus-visible:ring-offset-2 peer-disabled:opacity-60"
        aria-hidden="true"
      />
      <span
        className="absolute top-1/2 left-1 h-4 w-4 -translate-y-1/2 rounded-full bg-white transition-transform duration-200 ease-in-out peer-checked:translate-x-4"
        aria-hidden="true"
      />
      <span className="text-xs text-gray-700" aria-hidden="true">
        {label}
      </span>
    </label>
  );
}

/** "1 Dec 2026 – 31 Dec 2026", "From 1 Dec 2026", "Until 31 Dec 2026", "No end date" (shop time). */
function datesText(coupon: Pick<SellerCoupon, 'startsAt' | 'endsAt'>): string {
  if (coupon.startsAt && coupon.endsAt) return `${shopDay(coupon.startsAt)} – ${shopDay(coupon.endsAt)}`;
  if (coupon.startsAt) return `From ${shopDay(coupon.startsAt)}`;
  if (coupon.endsAt) return `Until ${shopDay(coupon.endsAt)}`;
  return 'No end date';
}

/** Why shoppers cannot use it now, if they cannot: paused, not started, expired, used up. */
function couponState(coupon: SellerCoupon, now = Date.now()): { label: string; className: string } | null {
  if (!coupon.active) return { label: 'Paused', className: 'bg-gray-200 text-gray-700' };
  if (coupon.endsAt && Date.parse(coupon.endsAt) < now) return { label: 'Expired', className: 'bg-red-100 text-red-800' };
  if (coupon.startsAt && Date.parse(coupon.startsAt) > now) return { label: 'Scheduled', className: 'bg-sky-100 text-sky-800' };
  if (coupon.totalLimit && coupon.used + coupon.held >= coupon.totalLimit) return { label: 'Used up', className: 'bg-amber-100 text-amber-900' };
  return null;
}
