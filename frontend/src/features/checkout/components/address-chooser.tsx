import type { AddressView } from '@greencart/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatAddressLine } from '@/features/addresses';
import { errorMessage } from '@/lib/api-client';

/** The selected delivery address, and a list to pick another saved one or add a new one. */
export function AddressChooser({
  addresses,
  selected,
  loading,
  error,
  onRetry,
  onSelect,
}: {
  addresses: AddressView[];
  selected: AddressView | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onSelect: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();

  if (loading) return <p className="mt-2 text-sm text-gray-500">Loading your addresses…</p>;
  if (error) {
    return (
      <div role="alert" className="mt-2 text-sm text-red-700">
        <p>{errorMessage(error)}</p>
        <button type="button" onClick={onRetry} className="mt-1 text-primary underline-offset-2 hover:underline">
          Try again
        </button>
      </div>
    );
  }

  return (
    <div className="relative mt-2 flex items-start justify-between gap-3">
      <p className="text-sm text-gray-500" data-testid="selected-address">
        {selected ? formatAddressLine(selected) : 'No address found'}
      </p>
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        className="text-sm text-primary hover:underline"
      >
        Change
      </button>
      {open && (
        <ul id={listId} aria-label="Saved addresses" className="absolute top-8 right-0 left-0 z-10 border border-gray-300 bg-white py-1 text-sm shadow-sm">
          {addresses.map((address) => (
            <li key={address._id}>
              <button
                type="button"
                onClick={() => {
                  onSelect(address._id);
                  setOpen(false);
                }}
                aria-current={address._id === selected?._id ? 'true' : undefined}
                className="w-full px-3 py-2 text-left text-gray-600 hover:bg-gray-100 aria-[current=true]:font-medium aria-[current=true]:text-primary-dull"
              >
                {formatAddressLine(address)}
              </button>
            </li>
          ))}
          <li>
            <Link to="/Add-Adress" className="block px-3 py-2 text-center text-primary hover:bg-primary/10">
              Add address
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
