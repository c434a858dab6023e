import {
  ADDRESS_LIMITS,
  allowedCountry,
  COUNTRY_MESSAGE,
  DEFAULT_COUNTRY,
  normalisePhone,
  normalisePincode,
  PHONE_MESSAGE,
  PHONE_PATTERN,
  PINCODE_MESSAGE,
  PINCODE_PATTERN,
} from '@greencart/domain';
import type { AddressFields } from '@greencart/domain';
import type { AddressInput } from './types';

export type AddressField = keyof AddressInput;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** The fields in form order (the order errors are focused in), with their labels. */
export const ADDRESS_FIELDS: readonly { name: AddressField; label: string }[] = [
  { name: 'firstName', label: 'First Name' },
  { name: 'lastName', label: 'Last Name' },
  { name: 'house', label: 'Flat / House no. (optional)' },
  { name: 'street', label: 'Street' },
  { name: 'landmark', label: 'Landmark (optional)' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'pincode', label: 'Pincode' },
  { name: 'phone', label: 'Phone' },
  { name: 'country', label: 'Country' },
  { name: 'email', label: 'Email (optional)' },
];

/** The fields an address may leave empty. */
export const OPTIONAL_FIELDS: ReadonlySet<AddressField> = new Set(['email', 'house', 'landmark']);

export const EMPTY_ADDRESS: AddressInput = {
  firstName: '',
  lastName: '',
  email: '',
  house: '',
  street: '',
  landmark: '',
  city: '',
  state: '',
  pincode: '',
  country: DEFAULT_COUNTRY,
  phone: '',
};

/** How messages name each field. */
const FIELD_NOUN: Record<AddressField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  house: 'Flat / house',
  street: 'Street',
  landmark: 'Landmark',
  city: 'City',
  state: 'State',
  pincode: 'Pincode',
  country: 'Country',
  phone: 'Phone',
};

// The server's rules (@greencart/domain), so most mistakes are caught before sending.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MESSAGE = 'Please enter a valid email address';

/** The longest text a field takes (pincode and phone have patterns, the country a list). */
export function maxLengthOf(name: AddressField): number | undefined {
  return name in ADDRESS_LIMITS ? ADDRESS_LIMITS[name as keyof typeof ADDRESS_LIMITS] : undefined;
}

/** Fields whose counter shows all the time; the others show theirs from NEAR_LIMIT of their length on. */
const ALWAYS_COUNTED: ReadonlySet<AddressField> = new Set(['street']);
const NEAR_LIMIT = 0.8;

/**
 * The counter under a field, "143/200" (what will be saved: trimmed), or undefined when there is
 * none to show. The inputs have no maxLength: a pasted text is never cut without anyone seeing.
 */
export function characterCount(name: AddressField, value: string): { used: number; limit: number; over: number } | undefined {
  const limit = maxLengthOf(name);
  if (limit === undefined) return undefined;
  const used = value.trim().length;
  if (!ALWAYS_COUNTED.has(name) && used < limit * NEAR_LIMIT) return undefined;
  return { used, limit, over: Math.max(0, used - limit) };
}

/** The form's values for a saved address; a country outside the list (addresses saved before it) becomes the default. */
export function addressInputOf(address: Partial<AddressFields> & { zipcode?: string }): AddressInput {
  const fields = Object.fromEntries(ADDRESS_FIELDS.map(({ name }) => [name, address[name] ?? ''])) as unknown as AddressInput;
  return { ...fields, pincode: address.pincode || address.zipcode || '', country: allowedCountry(fields.country) ?? DEFAULT_COUNTRY };
}

/**
 * What is sent: trimmed fields, the phone and pincode without the spaces and dashes people type or paste
 * ("411 045"), no optional field (email, flat / house, landmark) when none was given.
 */
export function normalizeAddress(input: AddressInput): AddressFields {
  const trimmed = Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value.trim()])) as unknown as AddressInput;
  const address = { ...trimmed, phone: normalisePhone(trimmed.phone), pincode: normalisePincode(trimmed.pincode) };
  return Object.fromEntries(Object.entries(address).filter(([key, value]) => value || !OPTIONAL_FIELDS.has(key as AddressField))) as unknown as AddressFields;
}

/** A message per invalid field (empty when the address can be sent). */
export function validateAddress(input: AddressInput): AddressErrors {
  const address = { ...EMPTY_ADDRESS, ...normalizeAddress(input) };
  const errors: AddressErrors = {};
  for (const { name } of ADDRESS_FIELDS) {
    const maxLength = maxLengthOf(name);
    if (!address[name]) {
      if (!OPTIONAL_FIELDS.has(name)) errors[name] = `${FIELD_NOUN[name]} is required`;
    } else if (maxLength !== undefined && address[name].length > maxLength) {
      errors[name] = `${FIELD_NOUN[name]} must be at most ${maxLength} characters`;
    }
  }
  if (address.email && !errors.email && !EMAIL.test(address.email)) errors.email = EMAIL_MESSAGE;
  if (address.pincode && !PINCODE_PATTERN.test(address.pincode)) errors.pincode = PINCODE_MESSAGE;
  if (address.phone && !PHONE_PATTERN.test(address.phone)) errors.phone = PHONE_MESSAGE;
  if (address.country && !allowedCountry(address.country)) errors.country = COUNTRY_MESSAGE;
  return errors;
}

/** The first problem in form order, for the toast. */
export function firstError(errors: AddressErrors): string | undefined {
  for (const { name } of ADDRESS_FIELDS) if (errors[name]) return errors[name];
  return undefined;
}
