/**
 * SKUs and barcodes of pack sizes (issue 38): the seller's own code for a size (unique in the shop) and
 * the EAN-8, UPC-A or EAN-13 printed on its pack. Both tiers check them the same way; search finds a
 * product by either, typed exactly.
 */

export const MAX_SKU_LENGTH = 40;
/** 1 to 40 of A–Z, a–z, 0–9, '-', '_' and '.'. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;
export const SKU_MESSAGE = `A SKU is 1 to ${MAX_SKU_LENGTH} of the letters A–Z and a–z, the digits 0–9 and - _ .`;

/** Lengths of the barcodes accepted: EAN-8, UPC-A (12 digits) and EAN-13. */
const BARCODE_KINDS: Record<number, string> = { 8: 'EAN-8', 12: 'UPC-A', 13: 'EAN-13' };
export const BARCODE_MESSAGE = 'A barcode is the 8, 12 or 13 digits of an EAN-8, UPC-A or EAN-13';

/** Why `value` is not a SKU, or undefined when it is one. */
export function skuProblem(value: unknown): string | undefined {
  return typeof value === 'string' && SKU_PATTERN.test(value) ? undefined : SKU_MESSAGE;
}

/** What two SKUs are compared by: "atta-5kg" and "ATTA-5KG" are the same SKU. */
export function skuKey(sku: string): string {
  return sku.toUpperCase();
}

/** The GS1 check digit of a barcode's other digits (EAN-8, UPC-A, EAN-13 alike): weights 3 and 1 from the right. */
export function gtinCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const fromRight = digits.length - i;
    sum += Number(digits[i]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** 'EAN-8', 'UPC-A' or 'EAN-13' for a barcode of valid length and check digit; undefined otherwise. */
export function barcodeKind(value: string): string | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const kind = BARCODE_KINDS[value.length];
  if (!kind) return undefined;
  return gtinCheckDigit(value.slice(0, -1)) === Number(value[value.length - 1]) ? kind : undefined;
}

/** Why `value` is not a barcode (length, characters or check digit), or undefined when it is one. */
export function barcodeProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) {
    // A spreadsheet shows long numbers as 8.90106E+12: say how to keep the digits.
    if (typeof value === 'string' && /^\d(\.\d+)?e\+\d+$/i.test(value)) return `${BARCODE_MESSAGE}; format the column as text so the digits are kept`;
    return BARCODE_MESSAGE;
  }
  const kind = BARCODE_KINDS[value.length];
  if (!kind) return `${BARCODE_MESSAGE} (this one has ${value.length} digits)`;
  const expected = gtinCheckDigit(value.slice(0, -1));
  if (expected !== Number(value[value.length - 1])) return `The ${kind} barcode ${value} is mistyped: its last (check) digit should be ${expected}`;
  return undefined;
}

/** What a shopper or the seller typed, as a code to look up exactly: trimmed, a SKU's case ignored. */
export function productCodeKey(text: string): string | undefined {
  const typed = text.trim();
  return SKU_PATTERN.test(typed) ? skuKey(typed) : undefined;
}
