/**
 * Rules of a delivery address both tiers apply: the country list, and how an Indian phone number is
 * read (spaces, dashes, +91 or a leading 0) and shown. A module of its own, imported only by the
 * address and order pages, so none of it joins the storefront's first download.
 */

/** Where the shop delivers: its delivery areas are Indian pincodes. */
export const ADDRESS_COUNTRIES = ['India'] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];
export const DEFAULT_COUNTRY: AddressCountry = 'India';
export const COUNTRY_MESSAGE = `We deliver only within ${ADDRESS_COUNTRIES.join(', ')}; please choose ${ADDRESS_COUNTRIES.join(' or ')} as the country`;

/** The country as the list spells it ("india " → "India"), or undefined when it is not in the list. */
export function allowedCountry(country: string): AddressCountry | undefined {
  const wanted = country.trim().toLowerCase();
  return ADDRESS_COUNTRIES.find((allowed) => allowed.toLowerCase() === wanted);
}

/**
 * What people type for an Indian mobile, in the stored form: "+91 98450-12345" → "+919845012345",
 * "098450 12345" → "9845012345", "91 98450 12345" → "+919845012345". Spaces, dashes, dots and
 * brackets are decoration; anything else is left for PHONE_PATTERN to refuse.
 */
export function normalisePhone(phone: string): string {
  const compact = phone.replace(/[\s\-.()]/g, '');
  if (/^0[6-9]\d{9}$/.test(compact)) return compact.slice(1);
  if (/^(\+91|0091|91)0?[6-9]\d{9}$/.test(compact)) return `+91${compact.slice(-10)}`;
  return compact;
}

/** An Indian mobile as people read it, "+91 98450 12345"; any other text as it is. */
export function formatPhone(phone: string | undefined): string {
  if (!phone) return '';
  const normalised = normalisePhone(phone);
  const digits = /^(?:\+91)?([6-9]\d{9})$/.exec(normalised)?.[1];
  return digits ? `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` : phone.trim();
}

/** The `tel:` link of a phone number: "tel:+919845012345" for an Indian mobile. */
export function phoneHref(phone: string): string {
  const normalised = normalisePhone(phone);
  return `tel:${/^[6-9]\d{9}$/.test(normalised) ? `+91${normalised}` : normalised}`;
}
