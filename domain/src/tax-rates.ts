/**
 * Issue 54: how a shop is taxed and the GST rates it may give its products. Rates are data (the GST
 * Council moves them), so a shop keeps its own list; these are the defaults. The money rule that uses
 * them is tax.ts.
 */

/**
 * `flat`: today's rule, 2% added on top (every shop that never chose). `gst`: regular registration,
 * prices are tax-inclusive MRPs. `composition` and `unregistered`: nothing added, no tax shown, bills of supply.
 */
export const TAX_MODES = ['flat', 'gst', 'composition', 'unregistered'] as const;
export type TaxMode = (typeof TAX_MODES)[number];
export const DEFAULT_TAX_MODE: TaxMode = 'flat';

export function isTaxMode(value: unknown): value is TaxMode {
  return typeof value === 'string' && (TAX_MODES as readonly string[]).includes(value);
}

/** A shop's default list of GST rates (percent), as after the GST Council's September 2025 change. */
export const DEFAULT_GST_RATES: readonly number[] = [0, 0.25, 3, 5, 18, 40];
/** Rates withdrawn in September 2025: still priced on orders placed before, not offered for new products. */
export const PAST_GST_RATES: readonly number[] = [12, 28];
/** The delivery fee's rate when the owner sets none: 18%, inside the fee. */
export const DEFAULT_DELIVERY_GST_RATE = 18;
/** The most rates a shop's list may hold. */
export const MAX_GST_RATES = 20;

/** The legend a composition dealer's bill of supply must carry (CGST Rules 2017, rule 5(1)(g)). */
export const COMPOSITION_LEGEND = 'Composition taxable person, not eligible to collect tax on supplies';

/** A rate's form: a percent from 0 to 100 with at most two decimals (0.25, 18, 12.5). */
export function isGstRateForm(rate: unknown): rate is number {
  return typeof rate === 'number' && Number.isFinite(rate) && rate >= 0 && rate <= 100 && Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6;
}

/** A rate in hundredths of a percent (0.25 → 25, 18 → 1800), so the money rule works in whole numbers. */
export function rateHundredths(rate: number): number {
  if (!isGstRateForm(rate)) throw new RangeError(`GST rate must be a percent from 0 to 100 with at most two decimals, not ${String(rate)}`);
  return Math.round(rate * 100);
}

const sameRate = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/** What is wrong with a product's GST rate for a shop with `shopRates`, or undefined when it is one of them. */
export function gstRateProblem(rate: unknown, shopRates: readonly number[] = DEFAULT_GST_RATES): string | undefined {
  const offered = `one of the shop's GST rates: ${shopRates.map((r) => `${r}%`).join(', ')}`;
  if (!isGstRateForm(rate)) return `gstRate must be a percent, ${offered}`;
  if (!shopRates.some((r) => sameRate(r, rate))) return `gstRate ${rate}% is not ${offered}`;
  return undefined;
}

/** What is wrong with a shop's list of rates (the owner may add one), or undefined. */
export function gstRateListProblem(rates: unknown): string | undefined {
  if (!Array.isArray(rates) || rates.length === 0) return 'GST rates must be a list of at least one percent';
  if (rates.length > MAX_GST_RATES) return `A shop may list at most ${MAX_GST_RATES} GST rates`;
  const bad = rates.find((rate) => !isGstRateForm(rate));
  if (bad !== undefined) return `GST rate ${String(bad)} must be a percent from 0 to 100 with at most two decimals`;
  const numbers = rates as number[];
  const twice = numbers.find((rate, i) => numbers.findIndex((other) => sameRate(other, rate)) !== i);
  if (twice !== undefined) return `GST rate ${twice}% is listed twice`;
  return undefined;
}

/**
 * The tax inside a tax-inclusive amount: amount × rate ÷ (100 + rate), rounded to the nearest paisa
 * (a half paisa up). Whole-number arithmetic: amount × h ÷ (10000 + h) with h the rate in hundredths.
 */
export function taxInsidePaise(amountPaise: number, rate: number): number {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new RangeError('amount must be a whole, non-negative number of paise');
  const h = rateHundredths(rate);
  const denominator = 10_000 + h;
  const doubled = 2 * amountPaise * h + denominator;
  if (!Number.isSafeInteger(doubled)) throw new RangeError('amount too large to tax exactly');
  return Math.floor(doubled / (2 * denominator));
}

/** What every shopper's screen needs of the shop's tax settings (GET /api/shop, `shop`). */
export interface ShopTaxView {
  taxMode: TaxMode;
  /** Percent, inside the delivery fee in `gst` mode. */
  deliveryGstRate: number;
  /** The rates the shop's products may carry (the product form offers them to every member of staff). */
  gstRates: readonly number[];
}

export const DEFAULT_SHOP_TAX: ShopTaxView = { taxMode: DEFAULT_TAX_MODE, deliveryGstRate: DEFAULT_DELIVERY_GST_RATE, gstRates: DEFAULT_GST_RATES };

/**
 * What a price says about tax, beside it: "+2% tax" (`flat`, pricing.ts TAX_PERCENT), "incl. GST" (`gst`),
 * nothing where no tax is charged. Here rather than beside the money rule: this file imports nothing, so
 * the storefront's first pages can say it without loading the rule.
 */
export function taxNote(mode: TaxMode): string {
  if (mode === 'flat') return '+2% tax';
  if (mode === 'gst') return 'incl. GST';
  return '';
}
