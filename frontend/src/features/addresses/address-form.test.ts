import { ADDRESS_LIMITS } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS, firstError, maxLengthOf, normalizeAddress, validateAddress } from './address-form';
import { formatAddressLine, type AddressInput } from './types';

const valid: AddressInput = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '12 MG Road',
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

  it('requires every field, naming each one', () => {
    const errors = validateAddress({ ...EMPTY_ADDRESS, country: '' });
    expect(Object.keys(errors).sort()).toEqual(['city', 'country', 'email', 'firstName', 'lastName', 'phone', 'pincode', 'state', 'street']);
    expect(errors.firstName).toBe('First name is required');
    expect(firstError(errors)).toBe('First name is required');
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

  it('sends trimmed values and a compact phone number', () => {
    expect(normalizeAddress({ ...valid, firstName: ' Asha ', phone: '+91 98765-43210' })).toEqual({ ...valid, phone: '+919876543210' });
  });

  it('writes one address line for the summary', () => {
    expect(formatAddressLine(valid)).toBe('12 MG Road, Bengaluru, Karnataka, India');
  });
});
