import { GST_STATES, gstinProblem, gstStateByCode, normaliseGstin, type ShopDetailsView } from '@greencart/domain';
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
}

type Field = keyof FormValues;

const toForm = (shop: ShopDetailsView): FormValues => ({
  legalName: shop.legalName,
  gstin: shop.gstin ?? '',
  address: shop.address,
  stateCode: shop.stateCode ?? '',
});

/** What the server would refuse, said before sending (the same rules, from the domain package). */
export function shopDetailsProblems(values: FormValues): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!values.legalName.trim()) problems.legalName = 'Legal name is required';
  if (!values.address.trim()) problems.address = 'Address is required';
  if (!gstStateByCode(values.stateCode)) problems.stateCode = 'Please choose the shop’s state';
  const gstin = normaliseGstin(values.gstin);
  const problem = gstin ? gstinProblem(gstin, gstStateByCode(values.stateCode) ? values.stateCode : undefined) : undefined;
  if (problem) problems.gstin = problem;
  return problems;
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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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
    };
    save.mutate(body, {
      onSuccess: () => toast.success('Shop details saved', { id: 'shop-details' }),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields as Partial<Record<Field, string>>);
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
