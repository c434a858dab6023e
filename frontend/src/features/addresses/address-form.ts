import { ADDRESS_LIMITS, normalisePhone, PHONE_MESSAGE, PHONE_PATTERN, PINCODE_MESSAGE, PINCODE_PATTERN } from '@greencart/domain';
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

/** How messages name each field. */
const FIELD_NOUN: Record<AddressField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  street: 'Street',
  city: 'City',
  state: 'State',
  pincode: 'Pincode',
  country: 'Country',
  phone: 'Phone',
};

// The server's rules (@greencart/domain), so most mistakes are caught before sending.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MESSAGE = 'Please enter a valid email address';

/** The longest text a field takes (pincode and phone have patterns instead). */
export function maxLengthOf(name: AddressField): number | undefined {
  return name in ADDRESS_LIMITS ? ADDRESS_LIMITS[name as keyof typeof ADDRESS_LIMITS] : undefined;
}

/** Trimmed fields; the phone without the spaces and dashes people type. */
export function normalizeAddress(input: AddressInput): AddressInput {
  const trimmed = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value.trim()])) as unknown as AddressInput;
  return { ...trimmed, phone: normalisePhone(trimmed.phone) };
}

/** A message per invalid field (empty when the address can be sent). */
export function validateAddress(input: AddressInput): AddressErrors {
  const address = normalizeAddress(input);
  const errors: AddressErrors = {};
  for (const { name } of ADDRESS_FIELDS) {
    const maxLength = maxLengthOf(name);
    if (!address[name]) errors[name] = `${FIELD_NOUN[name]} is required`;
    else if (maxLength !== undefined && address[name].length > maxLength) errors[name] = `${FIELD_NOUN[name]} must be at most ${maxLength} characters`;
  }
  if (address.email && !errors.email && !EMAIL.test(address.email)) errors.email = EMAIL_MESSAGE;
  if (address.pincode && !PINCODE_PATTERN.test(address.pincode)) errors.pincode = PINCODE_MESSAGE;
  if (address.phone && !PHONE_PATTERN.test(address.phone)) errors.phone = PHONE_MESSAGE;
  return errors;
}

/** The first problem in form order, for the toast. */
export function firstError(errors: AddressErrors): string | undefined {
  for (const { name } of ADDRESS_FIELDS) if (errors[name]) return errors[name];
  return undefined;
}
