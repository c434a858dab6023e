/**
 * Issue 54: what a refund on an invoiced order gives back, line by line, as a credit note. The invoice
 * is never changed; every credit note is worked out from the invoice and the notes before it, so the
 * notes of a line add up to at most the line, and a line credited in full gives back exactly its
 * invoiced amount and tax.
 */
import { addParts, gstPartsOf, mulDivFloor, rateTotals, spreadPaise, type OrderTax, type RateTotal, type TaxParts } from './tax';

/** Units of invoice lines back (`fee`: the delivery fee too, as a cancel does), or an amount spread over the lines. */
export type CreditRequest = { lines: readonly { line: number; quantity: number }[]; fee?: boolean } | { amountPaise: number };

export interface CreditNoteLine extends TaxParts {
  /** The invoice line's index. */
  line: number;
  /** Units returned (0 for an amount credited without units). */
  quantity: number;
  /** What goes back for it: taxable + tax. */
  chargePaise: number;
  ratePercent: number | null;
  hsn?: string;
}

export interface CreditNoteFee extends TaxParts {
  chargePaise: number;
  ratePercent: number | null;
}

export interface CreditNote {
  lines: CreditNoteLine[];
  fee: CreditNoteFee | null;
  rates: RateTotal[];
  totals: TaxParts;
  totalPaise: number;
}

/** A refund the invoice cannot give (more units or money than are left on it): the backend answers 400 or 409. */
export class CreditRefused extends RangeError {}

/** What is still on the invoice after earlier credit notes: units and money per line, the fee's money. */
export interface CreditLeft {
  lines: { quantity: number; chargePaise: number }[];
  feePaise: number;
  totalPaise: number;
}

export function creditLeft(invoice: OrderTax, earlier: readonly CreditNote[] = []): CreditLeft {
  const lines = invoice.lines.map((line) => ({ quantity: line.quantity, chargePaise: line.chargePaise }));
  let feePaise = invoice.fee.chargePaise;
  for (const note of earlier) {
    for (const credited of note.lines) {
      lines[credited.line].quantity -= credited.quantity;
      lines[credited.line].chargePaise -= credited.chargePaise;
    }
    feePaise -= note.fee?.chargePaise ?? 0;
  }
  return { lines, feePaise, totalPaise: lines.reduce((sum, line) => sum + line.chargePaise, feePaise) };
}

type Invoiced = TaxParts & { chargePaise: number; ratePercent: number | null };

/**
 * The parts of the first `creditedPaise` of an invoiced amount's charge. In `gst` mode the same rule as the
 * invoice (the tax inside, split in halves); otherwise the invoiced tax in proportion, rounded down, and its
 * CGST in proportion to the tax, rounded down. Every part only grows with the amount and equals the
 * invoiced part at the full charge, so a credit note (the difference of two such) is never negative and
 * the notes of a line never pass it.
 */
function partsUpTo(invoiced: Invoiced, creditedPaise: number, gst: boolean, intra: boolean): TaxParts {
  if (creditedPaise === invoiced.chargePaise) return invoiced;
  if (gst && invoiced.ratePercent !== null) return gstPartsOf(creditedPaise, invoiced.ratePercent, intra);
  if (invoiced.taxPaise === 0) return { taxablePaise: creditedPaise, taxPaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  const taxPaise = mulDivFloor(invoiced.taxPaise, creditedPaise, invoiced.chargePaise);
  const cgstPaise = mulDivFloor(invoiced.cgstPaise, taxPaise, invoiced.taxPaise);
  const igstPaise = mulDivFloor(invoiced.igstPaise, taxPaise, invoiced.taxPaise);
  return { taxablePaise: creditedPaise - taxPaise, taxPaise, cgstPaise, igstPaise, sgstPaise: taxPaise - cgstPaise - igstPaise };
}

function difference(after: TaxParts, before: TaxParts): TaxParts {
  return {
    taxablePaise: after.taxablePaise - before.taxablePaise,
    taxPaise: after.taxPaise - before.taxPaise,
    cgstPaise: after.cgstPaise - before.cgstPaise,
    sgstPaise: after.sgstPaise - before.sgstPaise,
    igstPaise: after.igstPaise - before.igstPaise,
  };
}

/**
 * The credit note for `request` on `invoice` after the `earlier` notes. Units back: their share of the line's
 * charge, rounded down, the last unit of a line taking all that is left of it. An amount: spread over what is
 * left of the lines like a coupon (in proportion, the remainder to the largest). Then each line's tax by
 * partsUpTo. Throws CreditRefused for more units or money than are left, or an unknown line.
 */
export function creditNoteFor(invoice: OrderTax, request: CreditRequest, earlier: readonly CreditNote[] = []): CreditNote {
  const left = creditLeft(invoice, earlier);
  const gst = invoice.mode === 'gst';
  const intra = invoice.supply === 'intra';
  const back = invoice.lines.map(() => ({ quantity: 0, chargePaise: 0 }));
  let feeBack = 0;
  if ('amountPaise' in request) {
    if (!Number.isSafeInteger(request.amountPaise) || request.amountPaise <= 0) throw new CreditRefused('A credit must be a whole, positive number of paise');
    const room = left.lines.map((line) => line.chargePaise);
    if (request.amountPaise > room.reduce((a, b) => a + b, 0)) throw new CreditRefused('The credit is more than is left of the invoice’s lines');
    spreadPaise(request.amountPaise, room).forEach((paise, i) => (back[i].chargePaise = paise));
  } else {
    for (const { line, quantity } of request.lines) {
      const invoiced = invoice.lines[line];
      if (!invoiced) throw new CreditRefused(`The invoice has no line ${line}`);
      if (!Number.isInteger(quantity) || quantity < 1) throw new CreditRefused('Units back must be a whole number of at least 1');
      const before = invoiced.quantity - left.lines[line].quantity + back[line].quantity;
      const after = before + quantity;
      if (after > invoiced.quantity) throw new CreditRefused(`Line ${line}: only ${invoiced.quantity - before} units are left to credit`);
      back[line].quantity += quantity;
    }
    back.forEach((credit, i) => {
      if (credit.quantity === 0) return;
      const invoiced = invoice.lines[i];
      const creditedUnits = invoiced.quantity - left.lines[i].quantity;
      const charge = (units: number) => mulDivFloor(invoiced.chargePaise, units, invoiced.quantity);
      const fair = charge(creditedUnits + credit.quantity) - charge(creditedUnits);
      credit.chargePaise = creditedUnits + credit.quantity === invoiced.quantity ? left.lines[i].chargePaise : Math.min(fair, left.lines[i].chargePaise);
    });
    if (request.fee) feeBack = left.feePaise;
  }

  const lines: CreditNoteLine[] = [];
  back.forEach((credit, i) => {
    if (credit.quantity === 0 && credit.chargePaise === 0) return;
    const invoiced = invoice.lines[i];
    const creditedBefore = invoiced.chargePaise - left.lines[i].chargePaise;
    const parts = difference(partsUpTo(invoiced, creditedBefore + credit.chargePaise, gst, intra), partsUpTo(invoiced, creditedBefore, gst, intra));
    lines.push({
      line: i,
      quantity: credit.quantity,
      chargePaise: credit.chargePaise,
      ratePercent: invoiced.ratePercent,
      ...(invoiced.hsn ? { hsn: invoiced.hsn } : {}),
      ...parts,
    });
  });
  let fee: CreditNoteFee | null = null;
  if (feeBack > 0) {
    const feeBefore = invoice.fee.chargePaise - left.feePaise;
    const parts = difference(partsUpTo(invoice.fee, feeBefore + feeBack, gst, intra), partsUpTo(invoice.fee, feeBefore, gst, intra));
    fee = { chargePaise: feeBack, ratePercent: invoice.fee.ratePercent, ...parts };
  }
  if (lines.length === 0 && !fee) throw new CreditRefused('Nothing is left to credit');
  const all = fee ? [...lines, fee] : lines;
  return { lines, fee, rates: rateTotals(all), totals: addParts(all), totalPaise: all.reduce((sum, p) => sum + p.chargePaise, 0) };
}
