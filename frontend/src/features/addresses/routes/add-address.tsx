import { ADDRESS_COUNTRIES, normalisePincode } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { useUser, type User } from '@/features/auth';
import { useDeliveryCheck } from '@/features/delivery';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  ADDRESS_FIELDS,
  addressInputOf,
  characterCount,
  EMPTY_ADDRESS,
  firstError,
  OPTIONAL_FIELDS,
  validateAddress,
  type AddressErrors,
  type AddressField,
} from '../address-form';
import { useAddAddress } from '../api/add-address';
import { useAddresses } from '../api/get-addresses';
import { useUpdateAddress } from '../api/update-address';
import { SavedAddresses } from '../components/saved-addresses';
import type { Address, AddressInput } from '../types';

/**
 * Per-field input settings: type, autocomplete hint and layout. Two fields a row from the narrowest
 * phone on (names, city and state, pincode and phone, country and email); the street alone, in a box
 * that grows with it so a long one can be read and shortened.
 */
const FIELD_INPUT: Record<AddressField, { type: string; autoComplete: string; inputMode?: 'numeric' | 'tel' | 'email'; span: string }> = {
  firstName: { type: 'text', autoComplete: 'given-name', span: 'col-span-1' },
  lastName: { type: 'text', autoComplete: 'family-name', span: 'col-span-1' },
  house: { type: 'text', autoComplete: 'address-line1', span: 'col-span-2' },
  street: { type: 'textarea', autoComplete: 'address-line2', span: 'col-span-2' },
  landmark: { type: 'text', autoComplete: 'address-line3', span: 'col-span-2' },
  city: { type: 'text', autoComplete: 'address-level2', span: 'col-span-1' },
  state: { type: 'text', autoComplete: 'address-level1', span: 'col-span-1' },
  pincode: { type: 'text', autoComplete: 'postal-code', inputMode: 'numeric', span: 'col-span-1' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', span: 'col-span-1' },
  country: { type: 'select', autoComplete: 'country', span: 'col-span-1' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email', span: 'col-span-1' },
};

/** Shown under a field before anyone types, so the rule is known before sending. */
const FIELD_HINT: Partial<Record<AddressField, string>> = {
  house: 'Flat, house number, floor and building',
  landmark: 'Something near it that a courier can find',
  pincode: '6 digits, e.g. 560001',
  phone: '10-digit mobile number',
  country: 'We deliver within India only',
  email: 'Order mails go to your account’s email',
};

/** One toast for saving an address: a success replaces an earlier error. */
const ADDRESS_TOAST = { id: 'address' };

const FIELD_NAMES = ADDRESS_FIELDS.map(({ name }) => name);

/**
 * /Add-Adress (route spelling kept, spec §2): a new delivery address (the name filled in from
 * the account), or `?edit=<id>` to change a saved one; then back to the cart with it selected.
 * The saved addresses are listed below to edit, delete or make default.
 */
export function AddAddressRoute() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Spinner label="Checking your session…" />;
  if (!user) return <Navigate to="/cart" replace />;
  return <AddressBook user={user} />;
}

function AddressBook({ user }: { user: User }) {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  const addresses = useAddresses(user._id);
  if (editId && addresses.isPending) return <Spinner label="Loading your address…" />;
  const editing = editId ? (addresses.data?.find((address) => address._id === editId) ?? null) : null;

  return (
    <div className="mt-8 pb-16 md:mt-16">
      <title>{editing ? 'Edit address · GreenCart' : 'Add address · GreenCart'}</title>
      {/* A new form per address edited, so its fields start from that address. */}
      <AddressForm key={editing?._id ?? 'new'} user={user} editing={editing} />
      <SavedAddresses userId={user._id} />
    </div>
  );
}

function startValues(user: User, editing: Address | null): AddressInput {
  if (editing) return addressInputOf(editing);
  // The name from the account: most people deliver to themselves (order mails go to the account's email).
  return { ...EMPTY_ADDRESS, firstName: user.firstName };
}

function AddressForm({ user, editing }: { user: User; editing: Address | null }) {
  const [values, setValues] = useState<AddressInput>(() => startValues(user, editing));
  const [errors, setErrors] = useState<AddressErrors>({});
  const addAddress = useAddAddress();
  const updateAddress = useUpdateAddress();
  const saving = addAddress.isPending || updateAddress.isPending;
  const navigate = useNavigate();
  const idPrefix = useId();
  // Said at once, as the pincode is typed: orders to a pincode the shop does not serve are refused.
  const delivery = useDeliveryCheck(normalisePincode(values.pincode)).data;

  const change = (name: AddressField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Clear a field's message as soon as it is edited.
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const showErrors = (found: AddressErrors) => {
    setErrors(found);
    document.getElementById(`${idPrefix}-${ADDRESS_FIELDS.find(({ name }) => found[name])?.name}`)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAddress(values);
    if (firstError(found)) {
      showErrors(found);
      return;
    }
    setErrors({});
    const done = (address: Address) => {
      // One the shop does not deliver to is saved but not chosen for the order (nor made the default by the server).
      const unserved = delivery?.serviceable === false && !editing;
      toast.success(
        unserved ? `Address added. ${delivery.message}, so your order still goes to your chosen address.` : editing ? 'Address updated' : 'Address added',
        ADDRESS_TOAST,
      );
      navigate('/cart', { state: unserved ? {} : { addressId: address?._id ?? editing?._id } });
    };
    const failed = (error: unknown) => {
      // The server names the fields it refuses (`adress.street`): say it at the field.
      const fromServer = fieldErrors(error, FIELD_NAMES, 'adress.');
      if (firstError(fromServer)) {
        showErrors(fromServer);
        toast.error('Please check the highlighted fields', ADDRESS_TOAST);
      } else {
        toast.error(errorMessage(error), ADDRESS_TOAST);
      }
    };
    if (editing) updateAddress.mutate({ id: editing._id, address: values }, { onSuccess: done, onError: failed });
    else addAddress.mutate(values, { onSuccess: done, onError: failed });
  };

  return (
    <section aria-labelledby="address-heading">
      <h1 id="address-heading" className="text-2xl text-gray-600 md:text-3xl">
        {editing ? 'Edit' : 'Add'} Shipping <span className="font-semibold text-primary">Address</span>
      </h1>
      <form onSubmit={onSubmit} noValidate className="mt-6 grid max-w-xl grid-cols-2 gap-4 text-sm md:mt-8">
        {ADDRESS_FIELDS.map(({ name, label }) => {
          const id = `${idPrefix}-${name}`;
          const settings = FIELD_INPUT[name];
          const error = errors[name];
          const hint = FIELD_HINT[name];
          const count = characterCount(name, values[name]);
          const described = [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : '', count ? `${id}-count` : ''].filter(Boolean).join(' ');
          // No maxLength on any field: a longer text (pasted, say) is kept whole, with the counter and the rule, never cut.
          const control = {
            id,
            name,
            autoComplete: settings.autoComplete,
            value: values[name],
            required: !OPTIONAL_FIELDS.has(name),
            'aria-invalid': error || count?.over ? true : undefined,
            'aria-describedby': described || undefined,
            className: `mt-1 min-h-11 w-full rounded border px-2 py-2.5 text-base text-gray-800 outline-none focus:border-primary sm:text-sm ${error || count?.over ? 'border-red-500' : 'border-gray-300'}`,
          };
          return (
            <div key={name} className={settings.span}>
              <label htmlFor={id} className="text-gray-700">
                {label}
              </label>
              {settings.type === 'textarea' ? (
                // One line of text: line breaks (a pasted address) become ", ".
                <textarea
                  {...control}
                  rows={2}
                  onChange={(event) => change(name, event.target.value.replace(/[^\S\n]*\r?\n\s*/g, ', '))}
                  className={`${control.className} field-sizing-content resize-none`}
                />
              ) : settings.type === 'select' ? (
                <select {...control} onChange={(event) => change(name, event.target.value)} className={`${control.className} bg-white`}>
                  {ADDRESS_COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {country}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...control}
                  type={settings.type}
                  inputMode={settings.inputMode}
                  // A pincode typed or pasted with a space ("411 045") is kept as its six digits.
                  onChange={(event) => change(name, name === 'pincode' ? normalisePincode(event.target.value) : event.target.value)}
                />
              )}
              {count && (
                <p
                  id={`${id}-count`}
                  data-testid={`${name}-count`}
                  className={`mt-1 text-right text-xs ${count.over ? 'font-medium text-red-700' : 'text-gray-600'}`}
                >
                  {count.used}/{count.limit}
                  {/* Read out as "143/200 characters". */}
                  <span className="sr-only">&nbsp;characters</span>
                  {count.over > 0 && `: ${count.over} too many`}
                </p>
              )}
              {hint && !error && (
                <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
                  {hint}
                </p>
              )}
              {error && (
                <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                  {error}
                </p>
              )}
              {count && (
                // Said once, when the text goes over the limit (not at every key).
                <p role="status" className="sr-only">
                  {count.over > 0 ? `${label} is longer than ${count.limit} characters` : ''}
                </p>
              )}
              {name === 'pincode' && delivery && (
                <p
                  role="status"
                  data-testid="pincode-delivery"
                  className={`mt-1 text-xs font-medium ${delivery.serviceable ? 'text-primary-dull' : 'text-amber-800'}`}
                >
                  {delivery.serviceable ? `We deliver here: ${delivery.message.toLowerCase()}` : `${delivery.message}: orders to this address cannot be placed`}
                </p>
              )}
            </div>
          );
        })}
        <div className="col-span-2 mt-2 flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={saving}
            className="min-h-11 rounded bg-primary px-10 font-medium text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
          >
            {saving ? 'Saving…' : 'Save Address'}
          </button>
          {editing && (
            <Link to="/Add-Adress" className="inline-flex min-h-11 items-center text-primary underline-offset-2 hover:underline">
              Add a new one instead
            </Link>
          )}
          <Link to="/cart" className="inline-flex min-h-11 items-center text-primary underline-offset-2 hover:underline">
            Back to cart
          </Link>
        </div>
      </form>
    </section>
  );
}
