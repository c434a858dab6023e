import { formatPhone, phoneHref } from '@greencart/domain';
import { Link } from 'react-router-dom';
import { useConfirm } from '@/components/ui/confirm';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useSetDefaultAddress } from '../api/set-default-address';
import { formatAddressLine, type Address } from '../types';

const ADDRESS_TOAST = { id: 'address' };

/** The shopper's saved addresses: who, where, phone; edit, delete, make default. */
export function SavedAddresses({ userId }: { userId: string }) {
  const addresses = useAddresses(userId);
  const list = addresses.data ?? [];
  if (list.length === 0) return null;

  return (
    <section className="mt-12 max-w-xl" aria-labelledby="saved-addresses-heading">
      <h2 id="saved-addresses-heading" className="text-xl font-medium text-gray-800">
        Saved addresses
      </h2>
      <ul className="mt-4 space-y-3">
        {list.map((address) => (
          <SavedAddress key={address._id} address={address} />
        ))}
      </ul>
    </section>
  );
}

function SavedAddress({ address }: { address: Address }) {
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const name = `${address.firstName} ${address.lastName}`.trim();

  const [dialog, confirm] = useConfirm();
  const onDelete = async () => {
    const answer = await confirm({
      title: 'Delete this address?',
      message: `${formatAddressLine(address)}. Orders already placed keep their address.`,
      confirmLabel: 'Delete address',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!answer) return;
    remove.mutate(address._id, {
      onSuccess: () => toast.success('Address deleted', ADDRESS_TOAST),
      onError: (error) => toast.error(errorMessage(error), ADDRESS_TOAST),
    });
  };

  const onDefault = () =>
    makeDefault.mutate(address._id, {
      onSuccess: () => toast.success('Default address saved', ADDRESS_TOAST),
      onError: (error) => toast.error(errorMessage(error), ADDRESS_TOAST),
    });

  return (
    <li data-testid="saved-address" className="rounded-lg border border-gray-300 p-4 text-sm text-gray-700">
      <p className="font-medium text-gray-800">
        {name}
        {address.isDefault && <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary-dull">Default</span>}
      </p>
      <p>{formatAddressLine(address)}</p>
      <p>
        PIN {address.pincode || address.zipcode} · <a href={phoneHref(address.phone)}>{formatPhone(address.phone)}</a>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Link
          to={`/Add-Adress?edit=${encodeURIComponent(address._id)}`}
          aria-label={`Edit address ${formatAddressLine(address)}`}
          className="inline-flex min-h-11 items-center rounded border border-gray-300 px-4 font-medium hover:border-primary hover:text-primary"
        >
          Edit
        </Link>
        {!address.isDefault && (
          <button
            type="button"
            onClick={onDefault}
            disabled={makeDefault.isPending}
            aria-label={`Make default: ${formatAddressLine(address)}`}
            className="min-h-11 rounded border border-gray-300 px-4 font-medium hover:border-primary hover:text-primary disabled:opacity-60"
          >
            Make default
          </button>
        )}
        <button
          type="button"
          onClick={() => void onDelete()}
          disabled={remove.isPending}
          aria-label={`Delete address ${formatAddressLine(address)}`}
          className="min-h-11 rounded border border-red-200 px-4 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          Delete
        </button>
      </div>
      {dialog}
    </li>
  );
}
