import type { AddressFields, AddressView } from '@greencart/domain';

/** A saved delivery address (GET /api/Address/get); the default one comes first. */
export type Address = AddressView & { isDefault?: boolean };

/** The form's nine fields, each a text (an empty email is sent as none). */
export type AddressInput = Required<AddressFields>;

/** One line for the order summary: "12 MG Road, Bengaluru, Karnataka, India". */
export function formatAddressLine(address: Pick<AddressFields, 'street' | 'city' | 'state' | 'country'>): string {
  return [address.street, address.city, address.state, address.country].filter((part) => part?.trim()).join(', ');
}
