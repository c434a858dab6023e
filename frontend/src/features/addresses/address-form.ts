import type { AddressInput } from './types';

export type AddressField = keyof AddressInput;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** The fields in form order, with their labels. */
export const ADDRESS_FIELDS: readonly { name: AddressField; label: string }[] = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'email', label: 'Email address' },
  { name: 'street', label: 'Street' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'pincode', label: 'Pincode' },
  { name: 'country', label: 'Country' },
  { name: 'phone', label: 'Phone' },
];

export const EMPTY_ADDRESS: AddressInput = {
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  city: '',
  state: '',
  pincode: '',
  country: 'India',
  phone: '',
};

const REQUIRED_MESSAGE: Record<AddressField, string> = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Email is required',
  street: 'Street is required',
  city: 'City is required',
  state: 'State is required',
  pincode: 'Pincode is required',
  country: 'Country is required',
  phone: 'Phone is required',
};

// The same rules as the server's (backend addresses DTO), so most mistakes are caught before sending.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PINCODE = /^[1-9]\d{5}$/;
const PHONE = /^(\+91)?[6-9]\d{9}$/;

/** Trimmed fields; the phone without the spaces and dashes people type. */
export function normalizeAddress(input: AddressInput): AddressInput {
  const trimmed = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value.trim()])) as unknown as AddressInput;
  return { ...trimmed, phone: trimmed.phone.replace(/[\s-]/g, '') };
}

/** A message per invalid field (empty when the address can be sent). */
export function validateAddress(input: AddressInput): AddressErrors {
  const address = normalizeAddress(input);
  const errors: AddressErrors = {};
  for (const { name } of ADDRESS_FIELDS) {
    if (!address[name]) errors[name] = REQUIRED_MESSAGE[name];
  }
  if (address.email && !EMAIL.test(address.email)) errors.email = 'Please enter a valid email address';
  if (address.pincode && !PINCODE.test(address.pincode)) errors.pincode = 'Pincode must be 6 digits';
  if (address.phone && !PHONE.test(address.phone)) errors.phone = 'Phone must be a 10-digit mobile number (optionally with +91)';
  return errors;
}

/** The first problem in form order, for the toast. */
export function firstError(errors: AddressErrors): string | undefined {
  for (const { name } of ADDRESS_FIELDS) if (errors[name]) return errors[name];
  return undefined;
}
