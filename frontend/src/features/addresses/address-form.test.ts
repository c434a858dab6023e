import { ADDRESS_LIMITS, COUNTRY_MESSAGE, formatPhone, normalisePhone, phoneHref } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import { addressInputOf, characterCount, EMPTY_ADDRESS, firstError, maxLengthOf, normalizeAddress, validateAddress } from './address-form';
import { formatAddressLine, type AddressInput } from './types';

const valid: AddressInput = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  house: '',
  street: '12 MG Road',
  landmark: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  country: 'India',
  phone: '9876543210',
};

describe('address form validation', () => {
  it('accepts a complete address', () => {
    expect(validateAddress(valid)).toEqual({});
  });

  it('requires every field but the email, naming each one in form order', () => {
    const errors = validateAddress({ ...EMPTY_ADDRESS, country: '' });
    expect(Object.keys(errors)).toEqual(['firstName', 'lastName', 'street', 'city', 'state', 'pincode', 'phone', 'country']);
    expect(errors.firstName).toBe('First name is required');
    expect(firstError(errors)).toBe('First name is required');
  });

  it('takes an address without an email, and sends none', () => {
    expect(validateAddress({ ...valid, email: '' })).toEqual({});
    expect(validateAddress({ ...valid, email: '   ' })).toEqual({});
    expect(normalizeAddress({ ...valid, email: ' ' })).not.toHaveProperty('email');
    expect(normalizeAddress(valid)).toHaveProperty('email', 'asha@example.com');
  });

  it('starts with India and takes only a country of the list', () => {
    expect(EMPTY_ADDRESS.country).toBe('India');
    expect(validateAddress({ ...valid, country: 'Atlantis' }).country).toBe(COUNTRY_MESSAGE);
    expect(validateAddress({ ...valid, country: 'india' }).country).toBeUndefined();
    expect(maxLengthOf('country')).toBeUndefined();
  });

  it('edits a saved address: no email is an empty field, an old country outside the list becomes India', () => {
    const { email: _none, ...withoutEmail } = valid;
    expect(addressInputOf({ ...withoutEmail, country: 'Bharat', pincode: '', zipcode: '560001' })).toEqual({
      ...valid,
      email: '',
      country: 'India',
      pincode: '560001',
    });
  });

  it("keeps each field within the server's length", () => {
    expect(validateAddress({ ...valid, street: 'x'.repeat(ADDRESS_LIMITS.street) }).street).toBeUndefined();
    expect(validateAddress({ ...valid, street: 'x'.repeat(ADDRESS_LIMITS.street + 1) }).street).toBe(
      `Street must be at most ${ADDRESS_LIMITS.street} characters`,
    );
    expect(validateAddress({ ...valid, firstName: 'A'.repeat(ADDRESS_LIMITS.firstName + 1) }).firstName).toBe(
      `First name must be at most ${ADDRESS_LIMITS.firstName} characters`,
    );
    expect(maxLengthOf('pincode')).toBeUndefined();
  });

  it('counts the street always and other fields near their limit, and says by how much it is too long', () => {
    expect(characterCount('street', '')).toEqual({ used: 0, limit: 200, over: 0 });
    expect(characterCount('street', ' 12 MG Road ')).toEqual({ used: 10, limit: 200, over: 0 });
    expect(characterCount('street', 'x'.repeat(243))).toEqual({ used: 243, limit: 200, over: 43 });
    expect(characterCount('city', 'Bengaluru')).toBeUndefined();
    expect(characterCount('city', 'x'.repeat(48))).toEqual({ used: 48, limit: 60, over: 0 });
    expect(characterCount('pincode', '560001')).toBeUndefined();
  });

  it('treats whitespace as empty', () => {
    expect(validateAddress({ ...valid, city: '   ' }).city).toBe('City is required');
  });

  it('checks the email format', () => {
    expect(validateAddress({ ...valid, email: 'asha@' }).email).toBe('Please enter a valid email address');
    expect(validateAddress({ ...valid, email: 'asha example.com' }).email).toBeDefined();
  });

  it('wants a 6-digit pincode', () => {
    expect(validateAddress({ ...valid, pincode: '5600' }).pincode).toBe('Pincode must be 6 digits');
    expect(validateAddress({ ...valid, pincode: '5600011' }).pincode).toBeDefined();
    expect(validateAddress({ ...valid, pincode: '56000a' }).pincode).toBeDefined();
    expect(validateAddress({ ...valid, pincode: '060001' }).pincode).toBeDefined();
    expect(validateAddress({ ...valid, pincode: ' 560001 ' }).pincode).toBeUndefined();
  });

  it('wants a 10-digit mobile number, optionally with +91, spaces and dashes allowed', () => {
    expect(validateAddress({ ...valid, phone: '+91 98765 43210' })).toEqual({});
    expect(validateAddress({ ...valid, phone: '98765-43210' })).toEqual({});
    expect(validateAddress({ ...valid, phone: '987654321' }).phone).toMatch(/10-digit/);
    expect(validateAddress({ ...valid, phone: '+44 9876543210' }).phone).toBeDefined();
    expect(validateAddress({ ...valid, phone: '1234567890' }).phone).toBeDefined();
  });

  it('takes a phone typed with spaces, dashes, +91, 91 or a leading 0', () => {
    for (const typed of ['+91 98765 43210', '+91-98765-43210', '98765 43210', '098765 43210', '91 98765 43210', '(+91) 98765.43210']) {
      expect(validateAddress({ ...valid, phone: typed }).phone, typed).toBeUndefined();
    }
    expect(normalisePhone('098765 43210')).toBe('9876543210');
    expect(normalisePhone('91 98765 43210')).toBe('+919876543210');
    expect(normalisePhone('+91 0 98765 43210')).toBe('+919876543210');
    expect(validateAddress({ ...valid, phone: '0098765 43210' }).phone).toBeDefined();
    expect(validateAddress({ ...valid, phone: '91 5876543210' }).phone).toBeDefined();
  });

  it('sends trimmed values and a compact phone number', () => {
    const { house: _house, landmark: _landmark, ...given } = valid;
    expect(normalizeAddress({ ...valid, firstName: ' Asha ', phone: '+91 98765-43210' })).toEqual({ ...given, phone: '+919876543210' });
    expect(normalizeAddress({ ...valid, house: ' Flat 4B ', landmark: 'Near the park', pincode: '411 045' })).toEqual({
      ...valid,
      house: 'Flat 4B',
      landmark: 'Near the park',
      pincode: '411045',
    });
  });

  it('shows an Indian mobile as people read it, whichever way it was stored', () => {
    expect(formatPhone('+919845012345')).toBe('+91 98450 12345');
    expect(formatPhone('9845012345')).toBe('+91 98450 12345');
    expect(formatPhone('+91 98450-12345')).toBe('+91 98450 12345');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(undefined)).toBe('');
    expect(phoneHref('9845012345')).toBe('tel:+919845012345');
    expect(phoneHref('+91 98450 12345')).toBe('tel:+919845012345');
  });

  it('writes one address line for the summary', () => {
    expect(formatAddressLine(valid)).toBe('12 MG Road, Bengaluru, Karnataka, India');
    expect(formatAddressLine({ ...valid, house: 'Flat 4B', landmark: 'Near the city library' })).toBe(
      'Flat 4B, 12 MG Road, Near the city library, Bengaluru, Karnataka, India',
    );
  });
});
