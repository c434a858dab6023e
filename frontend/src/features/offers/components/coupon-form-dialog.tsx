import { couponTitle, MAX_COUPON_PERCENT, MAX_PER_SHOPPER_LIMIT, type SellerCoupon } from '@greencart/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { couponChanges, couponFormProblem, couponToForm, EMPTY_COUPON_FORM, newCouponBody, type CouponFormValues } from '../coupon-form';

/** One toast for saving a coupon: success replaces an earlier refusal. */
const COUPON_TOAST = { id: 'coupon-form' };

type FieldName = keyof CouponFormValues;

/** A new coupon (no `coupon`) or an edit of one, in a modal dialog (native <dialog>: focus trap and Escape included). */
export function CouponFormDialog({ coupon, onClose }: { coupon?: SellerCoupon; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      onClick={onClick}
      aria-labelledby={titleId}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-xl overflow-y-auto overscroll-contain rounded-lg bg-white p-0 shadow-xl backdrop:bg-black/50"
    >
      <CouponForm coupon={coupon} titleId={titleId} onDone={onClose} />
    </dialog>
  );
}

function CouponForm({ coupon, titleId, onDone }: { coupon?: SellerCoupon; titleId: string; onDone: () => void }) {
  const [initial] = useState<CouponFormValues>(() => (coupon ? couponToForm(coupon) : EMPTY_COUPON_FORM));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<FieldName | 'form', string>>>({});
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const pending = create.isPending || update.isPending;
  const id = useId();

  const set = (patch: Partial<CouponFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // The message of a field goes once the field is changed.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as FieldName];
      delete next.form;
      return next;
    });
  };

  const refused = (error: unknown) => {
    const message = errorMessage(error);
    // 409: the code exists. A field the server names gets its message there; anything else above the buttons.
    const field = error instanceof ApiError && error.status === 409 ? 'code' : fieldOf(error);
    setErrors({ [field ?? 'form']: message });
    toast.error(message, COUPON_TOAST);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const body = coupon ? couponChanges(initial, values) : newCouponBody(values);
    // The server's own rules (domain package), said before sending.
    const problem = couponFormProblem(body, coupon);
    if (problem) {
      setErrors({ [problem.field in values ? problem.field : 'form']: problem.message });
      toast.error(problem.message, COUPON_TOAST);
      return;
    }
    if (coupon) {
      if (Object.keys(body).length === 0) {
        onDone();
        return;
      }
      update.mutate(
        { id: coupon._id, changes: body },
        {
          onSuccess: (saved) => {
            toast.success(`Coupon ${saved.code} saved`, COUPON_TOAST);
            onDone();
          },
          onError: refused,
        },
      );
      return;
    }
    create.mutate(newCouponBody(values), {
      onSuccess: (saved) => {
        toast.success(`Coupon ${saved.code} created`, COUPON_TOAST);
        onDone();
      },
      onError: refused,
    });
  };

  const errorId = (field: FieldName) => `${id}-${field}-error`;
  const hintId = (field: FieldName) => `${id}-${field}-hint`;
  const describe = (field: FieldName, hint?: boolean) => {
    const ids = [hint ? hintId(field) : '', errors[field] ? errorId(field) : ''].filter(Boolean).join(' ');
    return { 'aria-invalid': errors[field] ? (true as const) : undefined, 'aria-describedby': ids || undefined };
  };
  const inputClass = (field: FieldName) =>
    `mt-1 min-h-11 w-full rounded border px-3 text-base outline-none focus:border-primary sm:text-sm ${errors[field] ? 'border-red-500' : 'border-gray-300'}`;
  const below = (field: FieldName, hint?: ReactNode) => (
    <>
      {hint && (
        <p id={hintId(field)} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      )}
      {errors[field] && (
        <p id={errorId(field)} className="mt-1 text-xs text-red-700">
          {errors[field]}
        </p>
      )}
    </>
  );
  const percent = values.kind === 'percent';
  const preview = previewTitle(values);

  return (
    <form onSubmit={onSubmit} noValidate className="p-5 text-gray-700 sm:p-6">
      <h2 id={titleId} className="text-lg font-medium text-gray-800">
        {coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      </h2>
      {preview && (
        <p className="mt-1 text-sm text-gray-600" data-testid="coupon-preview">
          Shoppers see: <span className="font-medium text-primary-dull">{preview}</span>
        </p>
      )}

      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-code`} className="text-sm font-medium text-gray-800">
            Code
          </label>
          <input
            id={`${id}-code`}
            value={values.code}
            onChange={(event) => set({ code: event.target.value.toUpperCase() })}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            placeholder="FLAT50"
            className={`${inputClass('code')} font-mono tracking-wide uppercase`}
            {...describe('code', true)}
          />
          {below('code', '3 to 20 letters and digits; shoppers may type it in any case.')}
        </div>

        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-gray-800">Discount</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-kind`} checked={!percent} onChange={() => set({ kind: 'flat' })} className="h-5 w-5 accent-primary" />
              Rupees off (flat)
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-kind`} checked={percent} onChange={() => set({ kind: 'percent' })} className="h-5 w-5 accent-primary" />
              Percent off
            </label>
          </div>
        </fieldset>

        <div>
          <label htmlFor={`${id}-value`} className="text-sm font-medium text-gray-800">
            {percent ? 'Percent off (%)' : 'Amount off (₹)'}
          </label>
          <input
            id={`${id}-value`}
            value={values.value}
            onChange={(event) => set({ value: event.target.value })}
            type="number"
            inputMode="decimal"
            min={1}
            max={percent ? MAX_COUPON_PERCENT : undefined}
            step={0.01}
            className={inputClass('value')}
            {...describe('value', percent)}
          />
          {below('value', percent ? `From 1 to ${MAX_COUPON_PERCENT} (12.5 is fine), of the items' subtotal.` : undefined)}
        </div>

        {percent ? (
          <div>
            <label htmlFor={`${id}-maxDiscount`} className="text-sm font-medium text-gray-800">
              Most it takes off (₹)
            </label>
            <input
              id={`${id}-maxDiscount`}
              value={values.maxDiscount}
              onChange={(event) => set({ maxDiscount: event.target.value })}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="No cap"
              className={inputClass('maxDiscount')}
              {...describe('maxDiscount')}
            />
            {below('maxDiscount')}
          </div>
        ) : (
          <div className="hidden sm:block" aria-hidden="true" />
        )}

        <div>
          <label htmlFor={`${id}-minSubtotal`} className="text-sm font-medium text-gray-800">
            Minimum order (₹)
          </label>
          <input
            id={`${id}-minSubtotal`}
            value={values.minSubtotal}
            onChange={(event) => set({ minSubtotal: event.target.value })}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="No minimum"
            className={inputClass('minSubtotal')}
            {...describe('minSubtotal', true)}
          />
          {below('minSubtotal', 'Of items, before the discount.')}
        </div>

        <div>
          <label htmlFor={`${id}-totalLimit`} className="text-sm font-medium text-gray-800">
            Uses in total
          </label>
          <input
            id={`${id}-totalLimit`}
            value={values.totalLimit}
            onChange={(event) => set({ totalLimit: event.target.value })}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="No limit"
            className={inputClass('totalLimit')}
            {...describe('totalLimit')}
          />
          {below('totalLimit')}
        </div>

        <div>
          <label htmlFor={`${id}-startsAt`} className="text-sm font-medium text-gray-800">
            Starts on
          </label>
          <input
            id={`${id}-startsAt`}
            value={values.startsAt}
            onChange={(event) => set({ startsAt: event.target.value })}
            type="date"
            className={inputClass('startsAt')}
            {...describe('startsAt', true)}
          />
          {below('startsAt', 'Empty: from now.')}
        </div>

        <div>
          <label htmlFor={`${id}-endsAt`} className="text-sm font-medium text-gray-800">
            Ends on
          </label>
          <input
            id={`${id}-endsAt`}
            value={values.endsAt}
            onChange={(event) => set({ endsAt: event.target.value })}
            type="date"
            className={inputClass('endsAt')}
            {...describe('endsAt', true)}
          />
          {below('endsAt', 'Valid through the end of that day (shop time). Empty: no end.')}
        </div>

        <div>
          <label htmlFor={`${id}-perShopperLimit`} className="text-sm font-medium text-gray-800">
            Uses per shopper
          </label>
          <input
            id={`${id}-perShopperLimit`}
            value={values.perShopperLimit}
            onChange={(event) => set({ perShopperLimit: event.target.value })}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PER_SHOPPER_LIMIT}
            step={1}
            className={inputClass('perShopperLimit')}
            {...describe('perShopperLimit')}
          />
          {below('perShopperLimit')}
        </div>

        <div className="space-y-1 sm:col-span-2">
          <Check
            label="First order only"
            checked={values.firstOrderOnly}
            onChange={(firstOrderOnly) => set({ firstOrderOnly })}
            error={errors.firstOrderOnly}
          />
          <Check label="Show under “Offers for you” in the cart" checked={values.public} onChange={(value) => set({ public: value })} error={errors.public} />
          <Check label="Active (shoppers can use it)" checked={values.active} onChange={(active) => set({ active })} error={errors.active} />
        </div>
      </div>

      {errors.form && (
        <p role="alert" className="mt-4 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} className="min-h-11 rounded border border-gray-300 px-5 text-sm font-medium text-gray-700 hover:bg-gray-50">
          Cancel
        </button>
        <button
          type="submit"
          disabled={pending}
          className="min-h-11 rounded bg-primary px-6 text-sm font-medium text-white hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
        >
          {pending ? 'Saving…' : coupon ? 'Save coupon' : 'Create coupon'}
        </button>
      </div>
    </form>
  );
}

function Check({ label, checked, onChange, error }: { label: string; checked: boolean; onChange: (checked: boolean) => void; error?: string }) {
  return (
    <>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="h-5 w-5 accent-primary" />
        {label}
      </label>
      {error && <p className="text-xs text-red-700">{error}</p>}
    </>
  );
}

/** The server's field name for an error it named (the first one), if it is a field of this form. */
function fieldOf(error: unknown): FieldName | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = Object.keys(error.fields)[0];
  return field && field in EMPTY_COUPON_FORM ? (field as FieldName) : undefined;
}

/** What shoppers will read, once the value is a number. */
function previewTitle(values: CouponFormValues): string | null {
  const value = Number(values.value);
  if (values.value.trim() === '' || !Number.isFinite(value) || value <= 0) return null;
  const amount = (typed: string) => (typed.trim() !== '' && Number.isFinite(Number(typed)) && Number(typed) > 0 ? Number(typed) : null);
  return couponTitle({
    kind: values.kind,
    value,
    maxDiscount: values.kind === 'percent' ? amount(values.maxDiscount) : null,
    minSubtotal: amount(values.minSubtotal),
    firstOrderOnly: values.firstOrderOnly,
  });
}
