/**
 * Issue 54: the one money rule for every tax mode, in integer paise. `flat` is today's rule (pricing.ts
 * totalFor: 2% added on top); `gst` prices are tax-inclusive MRPs and the tax is shown inside them;
 * `composition` and `unregistered` add nothing and show no tax. The rounding rules are in docs/orders.md
 * ("Rounding"); credit notes are tax-credit-notes.ts.
 */
import { splitTax } from './gst';
import { TAX_PERCENT, toPaise, totalFor } from './pricing';
import { COMPOSITION_LEGEND, DEFAULT_DELIVERY_GST_RATE, rateHundredths, taxInsidePaise, type TaxMode } from './tax-rates';

/** A line to price: its unit price in paise (`unitPaise`) or in rupees as pricing.ts takes them (`offerPrice`). */
export type TaxLineInput = {
  quantity: number;
  /** Percent; required in `gst` mode, ignored in the others. */
  gstRate?: number | null;
  hsn?: string;
} & ({ unitPaise: number; offerPrice?: never } | { offerPrice: number; unitPaise?: never });

export interface OrderTaxInput {
  mode: TaxMode;
  lines: readonly TaxLineInput[];
  /** The coupon's discount off the items, already decided by pricing.ts discountFor (0 without one). */
  discountPaise?: number;
  /** The delivery fee, already decided by pricing.ts deliveryFeeFor (0: free). */
  deliveryFeePaise?: number;
  /** `gst` mode: the fee's rate, inside the fee (default 18%). */
  deliveryGstRate?: number;
  /** The shop's GST state code; with the place of supply's, decides CGST + SGST or IGST. */
  shopStateCode?: string | null;
  /** The delivery address's state code; absent: the shop's own (it delivers locally). */
  placeOfSupplyStateCode?: string | null;
  /** `flat` mode only: whether the shop has a GSTIN (without one today's invoice is a bill of supply). Default true. */
  registered?: boolean;
}

/** An amount's parts: taxable + tax = the amount charged; tax = CGST + SGST (within the state) or IGST. */
export interface TaxParts {
  taxablePaise: number;
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxedLine extends TaxParts {
  unitPaise: number;
  quantity: number;
  hsn?: string;
  /** unit × quantity. */
  amountPaise: number;
  /** This line's share of the coupon's discount. */
  discountPaise: number;
  /** amount − discount. */
  netPaise: number;
  /** What the line charges: net, plus the tax added on top in `flat` mode. */
  chargePaise: number;
  /** Null where no tax is shown (composition, unregistered). */
  ratePercent: number | null;
}

export interface TaxedFee extends TaxParts {
  chargePaise: number;
  /** Null where the fee carries no tax shown (flat, composition, unregistered). */
  ratePercent: number | null;
}

export interface RateTotal extends TaxParts {
  ratePercent: number;
}

export interface OrderTax {
  mode: TaxMode;
  document: 'tax-invoice' | 'bill-of-supply';
  /** The composition legend the bill must carry. */
  legend?: string;
  supply: 'intra' | 'inter';
  lines: TaxedLine[];
  fee: TaxedFee;
  /** Per rate (ascending), the sums of the lines and the fee at that rate. */
  rates: RateTotal[];
  subtotalPaise: number;
  discountPaise: number;
  /** Tax added on top of the prices: `flat` mode's 2%; 0 in the other modes. */
  addedTaxPaise: number;
  shippingPaise: number;
  /** The sums of the lines and the fee. */
  totals: TaxParts;
  /** What is charged: Σ line charges + the fee. */
  totalPaise: number;
}

/** `gst` mode and a line without a rate: cannot be sold until it has one (the backend answers 409 naming it). */
export class MissingGstRate extends RangeError {
  constructor(readonly line: number) {
    super(`Line ${line} has no GST rate`);
  }
}

const ZERO: TaxParts = { taxablePaise: 0, taxPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

function checkPaise(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole, non-negative number of paise`);
  return value;
}

/** ⌊a × b ÷ c⌋ exactly, even when a × b leaves the safe integers. */
export function mulDivFloor(a: number, b: number, c: number): number {
  const product = a * b;
  return Number.isSafeInteger(product) ? Math.floor(product / c) : Number((BigInt(a) * BigInt(b)) / BigInt(c));
}

/**
 * `total` spread over `weights` in proportion, each share rounded down; what is left goes to the largest
 * weight (the first of equals), and only if that one has no room (a share never passes its weight) to
 * the next largest. The shares add up to `total`, which may not exceed the weights' sum.
 */
export function spreadPaise(total: number, weights: readonly number[]): number[] {
  checkPaise(total, 'the amount to spread');
  weights.forEach((weight) => checkPaise(weight, 'a weight'));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total > sum) throw new RangeError('cannot spread more than the amounts it is spread over');
  if (total === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => mulDivFloor(total, weight, sum));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const largestFirst = weights.map((_, i) => i).sort((a, b) => weights[b] - weights[a] || a - b);
  for (const i of largestFirst) {
    if (left === 0) break;
    const take = Math.min(left, weights[i] - shares[i]);
    shares[i] += take;
    left -= take;
  }
  return shares;
}

/** The tax split: within the state half CGST and half SGST, the odd paisa to SGST; across states all IGST. */
export function splitGst(taxPaise: number, intra: boolean): Pick<TaxParts, 'cgstPaise' | 'sgstPaise' | 'igstPaise'> {
  if (!intra) return { cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  const cgstPaise = Math.floor(taxPaise / 2);
  return { cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 };
}

/** A tax-inclusive amount at `rate`: the tax inside it (taxInsidePaise) and its split. */
export function gstPartsOf(chargePaise: number, rate: number, intra: boolean): TaxParts {
  const taxPaise = taxInsidePaise(chargePaise, rate);
  return { taxablePaise: chargePaise - taxPaise, taxPaise, ...splitGst(taxPaise, intra) };
}

/** The sum of several amounts' parts. */
export function addParts(parts: readonly TaxParts[]): TaxParts {
  return parts.reduce(
    (sum, p) => ({
      taxablePaise: sum.taxablePaise + p.taxablePaise,
      taxPaise: sum.taxPaise + p.taxPaise,
      cgstPaise: sum.cgstPaise + p.cgstPaise,
      sgstPaise: sum.sgstPaise + p.sgstPaise,
      igstPaise: sum.igstPaise + p.igstPaise,
    }),
    ZERO,
  );
}

/** Per rate, ascending, the sums of the amounts shown at that rate (those with a rate, and a fee that was charged). */
export function rateTotals(parts: readonly (TaxParts & { ratePercent: number | null; chargePaise: number })[]): RateTotal[] {
  const byRate = new Map<number, TaxParts[]>();
  for (const p of parts) {
    if (p.ratePercent === null) continue;
    const key = rateHundredths(p.ratePercent);
    byRate.set(key, [...(byRate.get(key) ?? []), p]);
  }
  return [...byRate.entries()].sort(([a], [b]) => a - b).map(([key, group]) => ({ ratePercent: key / 100, ...addParts(group) }));
}

/** Whether the supply is within the shop's state: yes unless both states are known and differ. */
export function isIntraState(shopStateCode?: string | null, placeOfSupplyStateCode?: string | null): boolean {
  return !shopStateCode || !placeOfSupplyStateCode || shopStateCode === placeOfSupplyStateCode;
}

/** Prices an order in any tax mode: lines, the coupon's share per line, the tax per line and per rate, the total charged. */
export function priceOrderTax(input: OrderTaxInput): OrderTax {
  const intra = isIntraState(input.shopStateCode, input.placeOfSupplyStateCode);
  const feePaise = checkPaise(input.deliveryFeePaise ?? 0, 'the delivery fee');
  const base = input.lines.map((line, index) => {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) throw new RangeError('quantity must be a non-negative integer');
    const unitPaise = line.unitPaise !== undefined ? checkPaise(line.unitPaise, 'a unit price') : checkPaise(toPaise(line.offerPrice), 'a unit price');
    const rate = line.gstRate ?? null;
    if (input.mode === 'gst' && rate === null) throw new MissingGstRate(index);
    return { unitPaise, quantity: line.quantity, ...(line.hsn ? { hsn: line.hsn } : {}), amountPaise: unitPaise * line.quantity, rate };
  });
  const amounts = base.map((line) => line.amountPaise);
  const subtotalPaise = amounts.reduce((a, b) => a + b, 0);
  const discountPaise = checkPaise(input.discountPaise ?? 0, 'the discount');
  if (discountPaise > subtotalPaise) throw new RangeError('the discount cannot exceed the subtotal');
  const shares = spreadPaise(discountPaise, amounts);
  const nets = amounts.map((amount, i) => amount - shares[i]);

  let addedTaxPaise = 0;
  let lineParts: TaxParts[];
  let rates: (number | null)[];
  let fee: TaxedFee = { chargePaise: feePaise, ratePercent: null, ...ZERO, taxablePaise: feePaise };
  if (input.mode === 'flat') {
    // Today's numbers: 2% of the whole, rounded down (totalFor), split as today's invoice splits it;
    // each part is then spread over the lines by their net amounts.
    addedTaxPaise = totalFor(subtotalPaise, discountPaise, feePaise).taxPaise;
    const split = splitTax(addedTaxPaise, TAX_PERCENT, intra);
    const [cgst, sgst, igst] =
      split.kind === 'intra'
        ? [spreadPaise(split.cgstPaise, nets), spreadPaise(split.sgstPaise, nets), nets.map(() => 0)]
        : [nets.map(() => 0), nets.map(() => 0), spreadPaise(split.igstPaise, nets)];
    lineParts = nets.map((net, i) => ({
      taxablePaise: net,
      taxPaise: cgst[i] + sgst[i] + igst[i],
      cgstPaise: cgst[i],
      sgstPaise: sgst[i],
      igstPaise: igst[i],
    }));
    rates = nets.map(() => TAX_PERCENT);
  } else if (input.mode === 'gst') {
    lineParts = nets.map((net, i) => gstPartsOf(net, base[i].rate!, intra));
    rates = base.map((line) => line.rate);
    const feeRate = input.deliveryGstRate ?? DEFAULT_DELIVERY_GST_RATE;
    fee = { chargePaise: feePaise, ratePercent: feePaise > 0 ? feeRate : null, ...gstPartsOf(feePaise, feeRate, intra) };
  } else {
    lineParts = nets.map((net) => ({ ...ZERO, taxablePaise: net }));
    rates = nets.map(() => null);
  }

  // taxable + tax is the line's charge in every mode: in `flat` the tax is on top of the net amount, in `gst` inside it.
  const lines: TaxedLine[] = base.map((line, i) => ({
    unitPaise: line.unitPaise,
    quantity: line.quantity,
    ...(line.hsn ? { hsn: line.hsn } : {}),
    amountPaise: line.amountPaise,
    discountPaise: shares[i],
    netPaise: nets[i],
    chargePaise: lineParts[i].taxablePaise + lineParts[i].taxPaise,
    ratePercent: rates[i],
    ...lineParts[i],
  }));
  const totals = addParts([...lines, fee]);
  const document = input.mode === 'gst' || (input.mode === 'flat' && input.registered !== false) ? 'tax-invoice' : 'bill-of-supply';
  return {
    mode: input.mode,
    document,
    ...(input.mode === 'composition' ? { legend: COMPOSITION_LEGEND } : {}),
    supply: intra ? 'intra' : 'inter',
    lines,
    fee,
    rates: rateTotals([...lines, fee]),
    subtotalPaise,
    discountPaise,
    addedTaxPaise,
    shippingPaise: feePaise,
    totals,
    totalPaise: lines.reduce((sum, line) => sum + line.chargePaise, 0) + fee.chargePaise,
  };
}
