/**
 * GST facts both tiers agree on: the Indian states and union territories with their GST state codes,
 * the GSTIN's form and check character, and HSN codes. The seller's shop details and the tax invoice
 * use them.
 */
import type { TaxMode } from './tax-rates';

export interface GstState {
  /** Two digits, as the first two characters of a GSTIN registered there. */
  code: string;
  name: string;
  /** A union territory rather than a state. */
  territory?: true;
}

/** The 28 states and 8 union territories, by GST state code (25 and 28 are retired codes of merged or divided ones). */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir', territory: true },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', territory: true },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi', territory: true },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', territory: true },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', territory: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry', territory: true },
  { code: '35', name: 'Andaman and Nicobar Islands', territory: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', territory: true },
];

export const GST_STATE_CODES: readonly string[] = GST_STATES.map((state) => state.code);

export function gstStateByCode(code: string | undefined): GstState | undefined {
  return GST_STATES.find((state) => state.code === code);
}

/** Other spellings people type in an address (old names, short forms, "&"), lower-cased, without punctuation. */
const STATE_ALIASES: Record<string, string> = {
  'new delhi': '07',
  'nct of delhi': '07',
  orissa: '21',
  pondicherry: '34',
  uttaranchal: '05',
  'andaman and nicobar': '35',
  'dadra and nagar haveli': '26',
  'daman and diu': '26',
  'jammu kashmir': '01',
  'j and k': '01',
  ka: '29',
  kl: '32',
  tn: '33',
  mh: '27',
  dl: '07',
  ap: '37',
  ts: '36',
  tg: '36',
  up: '09',
  mp: '23',
  wb: '19',
  gj: '24',
};

const simplify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The state an address names ("Karnataka", "tamil nadu", "Orissa", "KA", "29"), or undefined when it names none. */
export function gstStateOf(text: string | undefined): GstState | undefined {
  if (!text) return undefined;
  const wanted = simplify(text);
  if (/^\d{2}$/.test(wanted)) return gstStateByCode(wanted);
  return GST_STATES.find((state) => simplify(state.name) === wanted) ?? gstStateByCode(STATE_ALIASES[wanted]);
}

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state code, PAN (5 letters, 4 digits, a letter), the entity's number, Z, the check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const GSTIN_FORM_MESSAGE =
  'GSTIN must be 15 characters: the 2-digit state code, the 10-character PAN, the entity number, Z and the check character (e.g. 29AAACG1234A1ZA)';

/** The check character (15th) of a GSTIN's first 14 characters: the mod-36 checksum GSTN publishes. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARACTERS.indexOf(first14[i]);
    if (value < 0) throw new Error(`Not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36];
}

/** Upper-cased, spaces removed: "29aaacg 1234a1z7" → "29AAACG1234A1Z7". */
export function normaliseGstin(gstin: string): string {
  return gstin.replace(/\s+/g, '').toUpperCase();
}

/**
 * What is wrong with a GSTIN (normalised), or undefined when it is a well-formed GSTIN with the right
 * check character, of a known state, and of `stateCode` when one is given.
 */
export function gstinProblem(gstin: string, stateCode?: string): string | undefined {
  if (!GSTIN_PATTERN.test(gstin)) return GSTIN_FORM_MESSAGE;
  const state = gstStateByCode(gstin.slice(0, 2));
  if (!state) return `GSTIN begins with ${gstin.slice(0, 2)}, which is not the GST code of an Indian state or union territory`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return 'GSTIN’s check character (the last one) does not match the rest: one of its characters is mistyped';
  const chosen = gstStateByCode(stateCode);
  if (stateCode !== undefined && chosen && chosen.code !== state.code)
    return `GSTIN is registered in ${state.name} (state code ${state.code}), but the shop’s state is ${chosen.name} (${chosen.code}); they must match`;
  return undefined;
}

/** HSN: 4, 6 or 8 digits on invoices; any length from 4 to 8 digits is accepted. */
export const HSN_PATTERN = /^\d{4,8}$/;
export const HSN_MESSAGE = 'hsn must be 4 to 8 digits (the product’s HSN code)';

/** The GST on a supply: CGST + SGST halves within the shop's state, IGST across states. */
export type TaxSplit = { kind: 'intra'; cgstPaise: number; sgstPaise: number; ratePercent: number } | { kind: 'inter'; igstPaise: number; ratePercent: number };

/**
 * The tax charged (paise, at `ratePercent`) split as GST: within the shop's state half CGST and half
 * SGST (an odd paisa goes to CGST, so the two always add up to what was charged); otherwise all IGST.
 */
export function splitTax(taxPaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  if (!intraState) return { kind: 'inter', igstPaise: taxPaise, ratePercent };
  const sgstPaise = Math.floor(taxPaise / 2);
  return { kind: 'intra', cgstPaise: taxPaise - sgstPaise, sgstPaise, ratePercent };
}

/** The shop's legal details as GET/PUT /api/seller/shop answer them (`shop`). */
export interface ShopDetailsView {
  legalName: string;
  /** Null: not registered for GST (invoices are bills of supply). */
  gstin: string | null;
  address: string;
  /** GST state code; null only before the seller saves, when SHOP_GSTIN does not say it. */
  stateCode: string | null;
  stateName: string | null;
  /** False while the environment's SHOP_NAME / SHOP_GSTIN / SHOP_ADDRESS are shown. */
  saved: boolean;
  /** Issue 54: how the shop is taxed (`flat` until the owner chooses; `gst` needs a GSTIN). */
  taxMode: TaxMode;
  /** The rates (percent) the shop's products may carry. */
  gstRates: number[];
  /** `gst` mode: the rate inside the delivery fee (percent). */
  deliveryGstRate: number;
}
