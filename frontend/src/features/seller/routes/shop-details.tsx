import {
  DEFAULT_DELIVERY_GST_RATE,
  DEFAULT_GST_RATES,
  GST_STATES,
  gstinProblem,
  gstRateListProblem,
  gstStateByCode,
  isGstRateForm,
  normaliseGstin,
  TAX_MODES,
  type ShopDetailsView,
  type TaxMode,
} from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSaveShopDetails, type ShopDetailsInput } from '../api/save-shop-details';
import { useShopDetails } from '../api/get-shop-details';

interface FormValues {
  legalName: string;
  gstin: string;
  address: string;
  stateCode: string;
  taxMode: TaxMode;
  /** The shop's GST rates as typed: percents separated by commas. */
  gstRates: string;
  deliveryGstRate: string;
}

type Field = keyof FormValues;

/** The same refusal as the server's (a GSTIN is what makes GST invoices possible). */
const GST_NEEDS_GSTIN = 'A shop in gst mode needs its GSTIN';

/** Each tax mode in the owner's words, one line each (issue 54). */
const TAX_MODE_LINES: Record<TaxMode, { name: string; detail: string }> = {
  flat: { name: 'Today’s rule', detail: '2% added on top of prices' },
  gst: { name: 'Registered for GST', detail: 'prices are MRPs including GST; each product carries its rate' },
  composition: { name: 'Composition scheme', detail: 'no tax charged, bills of supply' },
  unregistered: { name: 'Not registered', detail: 'no tax charged, bills of supply' },
};

const toForm = (shop: ShopDetailsView): FormValues => ({
  legalName: shop.legalName,
  gstin: shop.gstin ?? '',
  address: shop.address,
  stateCode: shop.stateCode ?? '',
  // A server from before tax modes answers none of them: today's rule and the default rates.
  taxMode: shop.taxMode ?? 'flat',
  gstRates: (shop.gstRates ?? DEFAULT_GST_RATES).join(', '),
  deliveryGstRate: String(shop.deliveryGstRate ?? DEFAULT_DELIVERY_GST_RATE),
});

/** A percent as typed ("18", "0.25", "5%"): the number, or the text itself when it is not one (the domain's check names it). */
function typedRate(text: string): number | string {
  const value = text.trim().replace(/\s*%$/, '');
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : text.trim();
}

/** The rates typed, separated by commas (empty pieces left out). */
function parseGstRates(text: string): (number | string)[] {
  return text
    .split(',')
    .map((piece) => piece.trim())
    .filter(Boolean)
    .map(typedRate);
}

/** What the server would refuse, said before sending (the same rules, from the domain package). */
export function shopDetailsProblems(values: FormValues): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!values.legalName.trim()) problems.legalName = 'Legal name is required';
  if (!values.address.trim()) problems.address = 'Address is required';
  if (!gstStateByCode(values.stateCode)) problems.stateCode = 'Please choose the shop’s state';
  const gstin = normaliseGstin(values.gstin);
  const problem = gstin ? gstinProblem(gstin, gstStateByCode(values.stateCode) ? values.stateCode : undefined) : undefined;
  if (problem) problems.gstin = problem;
  if (values.taxMode === 'gst' && !gstin) problems.taxMode = GST_NEEDS_GSTIN;
  const ratesProblem = gstRateListProblem(parseGstRates(values.gstRates));
  if (ratesProblem) problems.gstRates = ratesProblem;
  if (!isGstRateForm(typedRate(values.deliveryGstRate)))
    problems.deliveryGstRate = 'The delivery fee’s GST rate must be a percent from 0 to 100 with at most two decimals';
  return problems;
}

/** Where a refusal without field names belongs: the GSTIN rule at the tax mode, anything else at the form's end. */
function problemsOf(error: unknown): Partial<Record<Field | 'form', string>> {
  if (!(error instanceof ApiError)) return { form: errorMessage(error) };
  if (Object.keys(error.fields).length) return error.fields as Partial<Record<Field, string>>;
  if (/gst mode/i.test(error.message)) return { taxMode: error.message };
  if (/delivery ?gst ?rate/i.test(error.message)) return { deliveryGstRate: error.message };
  if (/gst ?rate/i.test(error.message)) return { gstRates: error.message };
  return { form: error.message };
}

/** /seller/shop: the legal name, GSTIN, address and state printed on tax invoices. */
export function ShopDetailsRoute() {
  const shop = useShopDetails();
  return (
    <section aria-labelledby="shop-heading" className="max-w-2xl">
      <title>Shop details · GreenCart seller</title>
      <h1 id="shop-heading" className="text-lg font-medium">
        Shop details
      </h1>
      <p className="mt-1 text-sm text-gray-600">
        What your tax invoices say about the shop. With a GSTIN they are tax invoices (CGST and SGST within your state, IGST to other states); without one,
        bills of supply.
      </p>
      {shop.isPending && <Spinner label="Loading shop details…" />}
      {shop.isError && <ErrorNotice error={shop.error} onRetry={() => void shop.refetch()} />}
      {shop.isSuccess && <ShopDetailsForm key={JSON.stringify(shop.data)} shop={shop.data} />}
    </section>
  );
}

function ShopDetailsForm({ shop }: { shop: ShopDetailsView }) {
  const [values, setValues] = useState(() => toForm(shop));
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const save = useSaveShopDetails();
  const id = useId();

  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = shopDetailsProblems(values);
    setErrors(problems);
    const first = Object.values(problems)[0];
    if (first) {
      toast.error(first, { id: 'shop-details' });
      return;
    }
    const gstin = normaliseGstin(values.gstin);
    const body: ShopDetailsInput = {
      legalName: values.legalName.trim(),
      address: values.address.trim(),
      stateCode: values.stateCode,
      ...(gstin ? { gstin } : {}),
      taxMode: values.taxMode,
      gstRates: parseGstRates(values.gstRates) as number[],
      deliveryGstRate: typedRate(values.deliveryGstRate) as number,
    };
    save.mutate(body, {
      onSuccess: () => toast.success('Shop details saved', { id: 'shop-details' }),
      onError: (error) => {
        setErrors(problemsOf(error));
        toast.error(errorMessage(error), { id: 'shop-details' });
      },
    });
  };

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-xs text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: Field, hint?: boolean) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : hint ? { 'aria-describedby': `${id}-${field}-hint` } : {};
  const inputClass = (field: Field) =>
    `min-h-11 w-full rounded border px-3 py-2 outline-none focus:border-primary ${errors[field] ? 'border-red-500' : 'border-gray-300'}`;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5 text-gray-700">
      {!shop.saved && (
        <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
          Not saved yet: invoices use the server’s settings (SHOP_NAME, SHOP_GSTIN, SHOP_ADDRESS) shown below until you save.
        </p>
      )}
      <div>
        <label htmlFor={`${id}-legalName`} className="text-sm font-medium">
          Legal name
        </label>
        <input
          id={`${id}-legalName`}
          value={values.legalName}
          onChange={(event) => set('legalName', event.target.value)}
          maxLength={120}
          autoComplete="organization"
          className={inputClass('legalName')}
          {...described('legalName')}
        />
        {fieldError('legalName')}
      </div>
      <div>
        <label htmlFor={`${id}-stateCode`} className="text-sm font-medium">
          State
        </label>
        <select
          id={`${id}-stateCode`}
          value={values.stateCode}
          onChange={(event) => set('stateCode', event.target.value)}
          className={inputClass('stateCode')}
          {...described('stateCode')}
        >
          <option value="">Choose a state</option>
          {GST_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name} ({state.code})
            </option>
          ))}
        </select>
        {fieldError('stateCode')}
      </div>
      <div>
        <label htmlFor={`${id}-gstin`} className="text-sm font-medium">
          GSTIN
        </label>
        <input
          id={`${id}-gstin`}
          value={values.gstin}
          onChange={(event) => set('gstin', event.target.value.toUpperCase())}
          maxLength={20}
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Leave empty if not registered for GST"
          className={`${inputClass('gstin')} font-mono`}
          {...described('gstin', true)}
        />
        {errors.gstin ? (
          fieldError('gstin')
        ) : (
          <p id={`${id}-gstin-hint`} className="mt-1 text-xs text-gray-500">
            15 characters; its first two digits are your state’s code. Empty: your invoices are bills of supply.
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-address`} className="text-sm font-medium">
          Address
        </label>
        <textarea
          id={`${id}-address`}
          value={values.address}
          onChange={(event) => set('address', event.target.value)}
          rows={3}
          maxLength={300}
          autoComplete="street-address"
          className={inputClass('address')}
          {...described('address')}
        />
        {fieldError('address')}
      </div>

      <section aria-labelledby={`${id}-tax-heading`} className="space-y-5 border-t border-gray-200 pt-5">
        <div>
          <h2 id={`${id}-tax-heading`} className="text-base font-medium text-gray-800">
            Tax
          </h2>
          <p id={`${id}-tax-note`} className="mt-1 text-sm text-gray-600">
            A change applies to orders placed after you save it; orders placed before keep the tax they were placed with.
          </p>
        </div>
        <fieldset aria-describedby={errors.taxMode ? `${id}-taxMode-error` : `${id}-tax-note`}>
          <legend className="text-sm font-medium">Tax mode</legend>
          <div className="mt-2 space-y-2">
            {TAX_MODES.map((mode) => (
              <label
                key={mode}
                className={`flex min-h-11 cursor-pointer items-start gap-3 rounded border px-3 py-2 text-sm ${values.taxMode === mode ? 'border-primary bg-primary/5' : 'border-gray-300'}`}
              >
                <input
                  type="radio"
                  name={`${id}-taxMode`}
                  value={mode}
                  checked={values.taxMode === mode}
                  onChange={() => set('taxMode', mode)}
                  aria-invalid={errors.taxMode ? true : undefined}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
                />
                <span>
                  <span className="font-medium text-gray-800">{TAX_MODE_LINES[mode].name}:</span> {TAX_MODE_LINES[mode].detail}
                </span>
              </label>
            ))}
          </div>
          {fieldError('taxMode')}
        </fieldset>
        <div>
          <label htmlFor={`${id}-gstRates`} className="text-sm font-medium">
            GST rates (%)
          </label>
          <input
            id={`${id}-gstRates`}
            value={values.gstRates}
            onChange={(event) => set('gstRates', event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            className={inputClass('gstRates')}
            {...described('gstRates', true)}
          />
          {errors.gstRates ? (
            fieldError('gstRates')
          ) : (
            <p id={`${id}-gstRates-hint`} className="mt-1 text-xs text-gray-500">
              The rates your products can carry, separated by commas, e.g. {DEFAULT_GST_RATES.join(', ')}.
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-deliveryGstRate`} className="text-sm font-medium">
            Delivery fee’s GST rate (%)
          </label>
          <input
            id={`${id}-deliveryGstRate`}
            value={values.deliveryGstRate}
            onChange={(event) => set('deliveryGstRate', event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            className={`${inputClass('deliveryGstRate')} sm:w-32`}
            {...described('deliveryGstRate', true)}
          />
          {errors.deliveryGstRate ? (
            fieldError('deliveryGstRate')
          ) : (
            <p id={`${id}-deliveryGstRate-hint`} className="mt-1 text-xs text-gray-500">
              Registered for GST: the GST inside the delivery fee ({DEFAULT_DELIVERY_GST_RATE}% unless you change it).
            </p>
          )}
        </div>
      </section>

      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <button
        type="submit"
        disabled={save.isPending}
        className="min-h-11 w-full rounded bg-primary px-6 font-medium text-white hover:bg-primary-dull disabled:opacity-60 sm:w-auto"
      >
        {save.isPending ? 'Saving…' : 'Save shop details'}
      </button>
    </form>
  );
}
