import { allowedCountry, formatPhone, normalisePhone, phoneHref } from './address';
import { isRupeeAmount, MAX_PRICE_RUPEES, PHONE_PATTERN } from './limits';

describe('Indian phone numbers', () => {
  it('stores what people type in one form', () => {
    expect(normalisePhone('+91 98450-12345')).toBe('+919845012345');
    expect(normalisePhone('098450 12345')).toBe('9845012345');
    expect(normalisePhone('91 98450 12345')).toBe('+919845012345');
    expect(normalisePhone('0091 (98450) 12345')).toBe('+919845012345');
    expect(normalisePhone('+91 0 98450 12345')).toBe('+919845012345');
    expect(normalisePhone('9845012345')).toBe('9845012345');
    for (const typed of ['+91 98450-12345', '098450 12345', '9845012345']) expect(PHONE_PATTERN.test(normalisePhone(typed))).toBe(true);
  });

  it('leaves what is not an Indian mobile for the pattern to refuse', () => {
    for (const typed of ['12345', '5845012345', '+44 20 7946 0958', '98450abcde']) expect(PHONE_PATTERN.test(normalisePhone(typed))).toBe(false);
  });

  it('shows and links a mobile the same way however it was stored', () => {
    expect(formatPhone('9845012345')).toBe('+91 98450 12345');
    expect(formatPhone('+919845012345')).toBe('+91 98450 12345');
    expect(formatPhone(' 020 1234 ')).toBe('020 1234');
    expect(formatPhone(undefined)).toBe('');
    expect(phoneHref('98450 12345')).toBe('tel:+919845012345');
    expect(phoneHref('+91 98450 12345')).toBe('tel:+919845012345');
  });

  it('knows its countries, whatever the case and spaces', () => {
    expect(allowedCountry(' india ')).toBe('India');
    expect(allowedCountry('Nepal')).toBeUndefined();
  });
});

describe('isRupeeAmount', () => {
  it('takes positive amounts with at most 2 decimals up to the maximum, including ones floats hold inexactly', () => {
    for (const good of [0.01, 33.33, 4.35, 1.15, 99999.99, MAX_PRICE_RUPEES]) expect(isRupeeAmount(good)).toBe(true);
    for (const bad of [0, -1, 10.005, MAX_PRICE_RUPEES + 0.01, Number.NaN, Infinity, '10', null]) expect(isRupeeAmount(bad)).toBe(false);
  });
});
