import { formatPhone } from '@greencart/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatAddressLine, type Address } from '@/features/addresses';
import { errorMessage } from '@/lib/api-client';

/** Who receives it and how to reach them: "Asha Rao · 560001 · +91 98765 43210". */
function recipientLine(address: Address): string {
  return [`${address.firstName} ${address.lastName}`.trim(), address.pincode || address.zipcode, formatPhone(address.phone)].filter(Boolean).join(' · ');
}

/** The selected delivery address, a list to pick another saved one, and 'Add address' always in sight. */
export function AddressChooser({
  addresses,
  selected,
  loading,
  error,
  onRetry,
  onSelect,
}: {
  addresses: Address[];
  selected: Address | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onSelect: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();

  if (loading) return <p className="mt-2 text-sm text-gray-600">Loading your addresses…</p>;
  if (error) {
    return (
      <div role="alert" className="mt-2 text-sm text-red-700">
        <p>{errorMessage(error)}</p>
        <button type="button" onClick={onRetry} className="mt-1 min-h-11 text-primary underline-offset-2 hover:underline">
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="mt-2 text-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="text-gray-600" data-testid="selected-address">
          {selected ? (
            <>
              <p>{formatAddressLine(selected)}</p>
              <p className="text-xs text-gray-600">{recipientLine(selected)}</p>
            </>
          ) : (
            <p>No address found</p>
          )}
        </div>
        {addresses.length > 1 && (
          <button
            type="button"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={listId}
            className="min-h-11 shrink-0 px-2 text-primary hover:underline"
          >
            Change
          </button>
        )}
      </div>
      {open && (
        <ul id={listId} aria-label="Saved addresses" className="mt-2 divide-y divide-gray-200 rounded border border-gray-300 bg-white">
          {addresses.map((address) => (
            <li key={address._id}>
              <button
                type="button"
                onClick={() => {
                  onSelect(address._id);
                  setOpen(false);
                }}
                aria-current={address._id === selected?._id ? 'true' : undefined}
                className="min-h-11 w-full px-3 py-2 text-left text-gray-700 hover:bg-gray-100 aria-[current=true]:bg-primary/10"
              >
                <span className="block font-medium text-gray-800">
                  {formatAddressLine(address)}
                  {address.isDefault && <span className="ml-2 text-xs font-normal text-primary-dull">Default</span>}
                </span>
                <span className="block text-xs text-gray-600">{recipientLine(address)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap gap-x-4">
        <Link to="/Add-Adress" className="inline-flex min-h-11 items-center font-medium text-primary hover:underline">
          + Add address
        </Link>
        {addresses.length > 0 && (
          <Link to="/Add-Adress#saved-addresses-heading" className="inline-flex min-h-11 items-center text-primary hover:underline">
            Edit addresses
          </Link>
        )}
      </div>
    </div>
  );
}
