import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { ADDRESS_FIELDS, EMPTY_ADDRESS, firstError, maxLengthOf, validateAddress, type AddressErrors, type AddressField } from '../address-form';
import { useAddAddress } from '../api/add-address';
import type { AddressInput } from '../types';

/** Per-field input settings: type, autocomplete hint and layout. */
const FIELD_INPUT: Record<AddressField, { type: string; autoComplete: string; inputMode?: 'numeric' | 'tel'; half?: boolean }> = {
  firstName: { type: 'text', autoComplete: 'given-name', half: true },
  lastName: { type: 'text', autoComplete: 'family-name', half: true },
  email: { type: 'email', autoComplete: 'email' },
  street: { type: 'text', autoComplete: 'street-address' },
  city: { type: 'text', autoComplete: 'address-level2', half: true },
  state: { type: 'text', autoComplete: 'address-level1', half: true },
  pincode: { type: 'tel', autoComplete: 'postal-code', inputMode: 'numeric', half: true },
  country: { type: 'text', autoComplete: 'country-name', half: true },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
};

/** /Add-Adress (route spelling kept, spec §2): a new delivery address, then back to the cart with it selected. */
export function AddAddressRoute() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Spinner label="Checking your session…" />;
  if (!user) return <Navigate to="/cart" replace />;
  return <AddAddressForm />;
}

function AddAddressForm() {
  const [values, setValues] = useState<AddressInput>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<AddressErrors>({});
  const addAddress = useAddAddress();
  const navigate = useNavigate();
  const idPrefix = useId();

  const change = (name: AddressField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Clear a field's message as soon as it is edited.
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAddress(values);
    setErrors(found);
    const problem = firstError(found);
    if (problem) {
      toast.error(problem);
      document.getElementById(`${idPrefix}-${ADDRESS_FIELDS.find(({ name }) => found[name])?.name}`)?.focus();
      return;
    }
    addAddress.mutate(values, {
      onSuccess: (address) => {
        toast.success('Address added');
        navigate('/cart', { state: { addressId: address?._id } });
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <section className="mt-16 pb-16" aria-labelledby="address-heading">
      <h1 id="address-heading" className="text-2xl text-gray-500 md:text-3xl">
        Add Shipping <span className="font-semibold text-primary">Address</span>
      </h1>
      <form onSubmit={onSubmit} noValidate className="mt-8 grid max-w-xl grid-cols-2 gap-4 text-sm">
        {ADDRESS_FIELDS.map(({ name, label }) => {
          const id = `${idPrefix}-${name}`;
          const settings = FIELD_INPUT[name];
          const error = errors[name];
          return (
            <div key={name} className={settings.half ? 'col-span-2 sm:col-span-1' : 'col-span-2'}>
              <label htmlFor={id} className="text-gray-600">
                {label}
              </label>
              <input
                id={id}
                name={name}
                type={settings.type}
                inputMode={settings.inputMode}
                autoComplete={settings.autoComplete}
                maxLength={maxLengthOf(name)}
                value={values[name]}
                onChange={(event) => change(name, event.target.value)}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={`mt-1 w-full rounded border px-2 py-2.5 text-gray-700 outline-none focus:border-primary ${error ? 'border-red-400' : 'border-gray-300'}`}
              />
              {error && (
                <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="col-span-2 mt-2 flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={addAddress.isPending}
            className="rounded bg-primary px-10 py-3 font-medium text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
          >
            {addAddress.isPending ? 'Saving…' : 'Save Address'}
          </button>
          <Link to="/cart" className="text-primary underline-offset-2 hover:underline">
            Back to cart
          </Link>
        </div>
      </form>
    </section>
  );
}
