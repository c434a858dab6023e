/** A saved delivery address (GET /api/Address/get). `zipcode` is the same value as `pincode`. */
export interface Address {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
  zipcode?: string;
  country: string;
  phone: string;
}

/** The nine fields a shopper fills in. */
export type AddressInput = Pick<Address, 'firstName' | 'lastName' | 'email' | 'street' | 'city' | 'state' | 'pincode' | 'country' | 'phone'>;

/** One line for the order summary: "12 MG Road, Bengaluru, Karnataka, India". */
export function formatAddressLine(address: Pick<Address, 'street' | 'city' | 'state' | 'country'>): string {
  return [address.street, address.city, address.state, address.country].filter((part) => part?.trim()).join(', ');
}
