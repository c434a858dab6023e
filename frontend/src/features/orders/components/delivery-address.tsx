import { formatPhone, phoneHref, type AddressView } from '@greencart/domain';

/** The address an order goes to, as it was when the order was placed. */
export function DeliveryAddress({ address, className = '' }: { address: AddressView; className?: string }) {
  return (
    <address data-testid="order-address" className={`text-gray-600 not-italic ${className}`}>
      <p className="font-medium text-gray-800">
        {address.firstName} {address.lastName}
      </p>
      {address.house && <p>{address.house}</p>}
      <p>
        {address.street}, {address.city}
      </p>
      {address.landmark && <p>{address.landmark}</p>}
      <p>
        {address.state}, {address.pincode || address.zipcode}, {address.country}
      </p>
      <p>
        {/* Tap to call on a phone. */}
        <a href={phoneHref(address.phone)} className="inline-flex min-h-11 items-center text-primary underline underline-offset-2 md:min-h-0">
          {formatPhone(address.phone)}
        </a>
      </p>
    </address>
  );
}
