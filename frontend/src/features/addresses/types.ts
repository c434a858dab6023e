import type { AddressFields, AddressView } from '@greencart/domain';

/** A saved delivery address (GET /api/Address/get); the default one comes first. */
export type Address = AddressView & { isDefault?: boolean };

/** The form's eleven fields, each a text (an empty optional one is sent as none). */
export type AddressInput = Required<AddressFields>;

/** One line for the order summary: "Flat 4B, 12 MG Road, Near the library, Bengaluru, Karnataka, India" (the landmark as written). */
export function formatAddressLine(address: Pick<AddressFields, 'house' | 'street' | 'landmark' | 'city' | 'state' | 'country'>): string {
  return [address.house, address.street, address.landmark, address.city, address.state, address.country].filter((part) => part?.trim()).join(', ');
}
