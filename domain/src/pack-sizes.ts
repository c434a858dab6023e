/**
 * Pack sizes (issue 37): one product sold in several sizes (atta in 1 kg, 5 kg and 10 kg), each with
 * its own price, offer price and counted stock. The rules both tiers apply; the first size in the
 * seller's order is the product's default, which a plain product id means in carts and orders.
 */
import { formatRupees, toPaise } from './pricing';
import { isRupeeAmount } from './limits';
import { isStockCount } from './stock';
import { barcodeProblem, skuKey, skuProblem } from './product-codes';

/** Units a pack size may be measured in; the shop shows a unit price per kg, per litre or per piece. */
export const PACK_SIZE_UNITS = ['g', 'kg', 'ml', 'l', 'pc'] as const;
export type PackSizeUnit = (typeof PACK_SIZE_UNITS)[number];

export const MAX_PACK_SIZES = 8;
export const MAX_PACK_SIZE_LABEL_LENGTH = 20;
/** The largest amount a size may name (10,000 kg, 10,000 pieces): keeps unit prices meaningful. */
export const MAX_PACK_SIZE_AMOUNT = 10_000;

/** How much one pack holds: "500 g" is `{ amount: 500, unit: 'g' }`. */
export interface PackQuantity {
  amount: number;
  unit: PackSizeUnit;
}

/** One pack size as a seller sends it (its `_id` when it edits an existing size). */
export interface PackSizeInput {
  _id?: string;
  label: string;
  price: number;
  offerPrice: number;
  size?: PackQuantity | null;
  stock?: number | null;
  /** The seller's code for this size, unique in the shop (issue 38); left out: kept; null or "": none. */
  sku?: string | null;
  /** Its EAN-8, UPC-A or EAN-13; left out: kept; null or "": none. */
  barcode?: string | null;
}

/** One pack size as the API shows it. */
export interface PackSize {
  _id: string;
  label: string;
  price: number;
  offerPrice: number;
  size?: PackQuantity;
  /** Units left to buy (null: not counted). */
  stock: number | null;
  inStock: boolean;
  /** The seller's code for it (issue 38), when it has one. */
  sku?: string;
  /** The EAN-8, UPC-A or EAN-13 printed on the pack, when given. */
  barcode?: string;
}

export function isPackSizeUnit(value: unknown): value is PackSizeUnit {
  return typeof value === 'string' && (PACK_SIZE_UNITS as readonly string[]).includes(value);
}

/** What a problem with a seller's pack sizes is, in words for the seller; undefined when they are fine. */
export function packSizesProblem(sizes: unknown): string | undefined {
  if (!Array.isArray(sizes) || sizes.length < 1 || sizes.length > MAX_PACK_SIZES) return `A product has 1 to ${MAX_PACK_SIZES} pack sizes`;
  const labels = new Set<string>();
  const skus = new Set<string>();
  for (const [i, size] of sizes.entries()) {
    const which = `Pack size ${i + 1}`;
    if (!size || typeof size !== 'object' || Array.isArray(size)) return `${which} must be an object`;
    const { label, price, offerPrice, size: quantity, stock, sku, barcode } = size as Record<string, unknown>;
    if (typeof label !== 'string' || !label.trim() || label.trim().length > MAX_PACK_SIZE_LABEL_LENGTH)
      return `${which} needs a label of 1 to ${MAX_PACK_SIZE_LABEL_LENGTH} characters (e.g. "500 g", "Pack of 6")`;
    const key = label.trim().toLowerCase().replace(/\s+/g, ' ');
    if (labels.has(key)) return `Two pack sizes are labelled "${label.trim()}": each label must be different`;
    labels.add(key);
    const named = `"${label.trim()}"`;
    if (!isRupeeAmount(price)) return `The price of ${named} must be an amount in rupees above 0 with at most 2 decimals`;
    if (!isRupeeAmount(offerPrice)) return `The offer price of ${named} must be an amount in rupees above 0 with at most 2 decimals`;
    if (toPaise(offerPrice) > toPaise(price)) return `The offer price of ${named} must not be higher than its price`;
    if (quantity !== undefined && quantity !== null && packQuantityProblem(quantity)) return `The size of ${named} ${packQuantityProblem(quantity)}`;
    if (stock !== undefined && stock !== null && !isStockCount(stock))
      return `The stock of ${named} must be a whole number from 0 to 100000, or empty for not counted`;
    if (sku !== undefined && sku !== null && sku !== '') {
      if (skuProblem(sku)) return `The SKU of ${named}: ${skuProblem(sku)}`;
      if (skus.has(skuKey(sku as string))) return `Two pack sizes have the SKU ${String(sku)}: each SKU must be different`;
      skus.add(skuKey(sku as string));
    }
    if (barcode !== undefined && barcode !== null && barcode !== '' && barcodeProblem(barcode)) return `The barcode of ${named}: ${barcodeProblem(barcode)}`;
  }
  return undefined;
}

/** What is wrong with a size ("must be in one of g, kg, …"), or undefined when it is an amount and a unit. */
export function packQuantityProblem(quantity: unknown): string | undefined {
  if (!quantity || typeof quantity !== 'object') return 'must be an amount and a unit';
  const { amount, unit } = quantity as Record<string, unknown>;
  if (!isPackSizeUnit(unit)) return `must be in one of ${PACK_SIZE_UNITS.join(', ')}`;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || amount > MAX_PACK_SIZE_AMOUNT)
    return `must be an amount above 0 and at most ${MAX_PACK_SIZE_AMOUNT}`;
  if (unit === 'pc' && !Number.isInteger(amount)) return 'in pieces must be a whole number';
  return undefined;
}

/** The unit a price is shown per, and how many of it one pack holds: 500 g is 0.5 kg. */
function perUnit({ amount, unit }: PackQuantity): { base: 'kg' | 'l' | 'pc'; count: number } {
  switch (unit) {
    case 'g':
      return { base: 'kg', count: amount / 1000 };
    case 'kg':
      return { base: 'kg', count: amount };
    case 'ml':
      return { base: 'l', count: amount / 1000 };
    case 'l':
      return { base: 'l', count: amount };
    default:
      return { base: 'pc', count: amount };
  }
}

/** The price of one kg, litre or piece of a pack in paise (rounded to the paisa), with its unit. */
export function unitPricePaise(offerPrice: number, size: PackQuantity): { paise: number; per: 'kg' | 'l' | 'pc' } {
  const { base, count } = perUnit(size);
  return { paise: Math.round(toPaise(offerPrice) / count), per: base };
}

/** "₹44/kg", "₹43.50/kg", "₹9/pc": the unit price shown beside a pack size (whole rupees without ".00"). */
export function formatUnitPrice(offerPrice: number, size: PackQuantity): string {
  const { paise, per } = unitPricePaise(offerPrice, size);
  const text = formatRupees(paise);
  return `${text.endsWith('.00') ? text.slice(0, -3) : text}/${per}`;
}

const UNIT_WORDS: Record<string, PackSizeUnit> = {
  g: 'g',
  gm: 'g',
  gms: 'g',
  gram: 'g',
  grams: 'g',
  kg: 'kg',
  kgs: 'kg',
  kilo: 'kg',
  ml: 'ml',
  l: 'l',
  ltr: 'l',
  litre: 'l',
  litres: 'l',
  liter: 'l',
  liters: 'l',
  pc: 'pc',
  pcs: 'pc',
  piece: 'pc',
  pieces: 'pc',
  n: 'pc',
};

/**
 * The quantity a label names, when it names one: "500 g", "1kg", "1 L", "6 pcs", "Pack of 6", "1 dozen";
 * undefined for labels such as "Family pack" (a size the shop shows without a unit price).
 */
export function quantityOfLabel(label: string | undefined): PackQuantity | undefined {
  if (!label) return undefined;
  const text = label.trim().toLowerCase();
  const pack = /^(?:pack|box|set|tray) of (\d{1,4})$/.exec(text);
  if (pack) return { amount: Number(pack[1]), unit: 'pc' };
  const dozen = /^(\d{1,3}) dozens?$/.exec(text);
  if (dozen) return { amount: Number(dozen[1]) * 12, unit: 'pc' };
  const measured = /^(\d{1,5}(?:\.\d{1,3})?)\s*([a-z]+)\.?$/.exec(text);
  if (!measured) return undefined;
  const unit = UNIT_WORDS[measured[2]];
  const amount = Number(measured[1]);
  if (!unit || amount <= 0 || amount > MAX_PACK_SIZE_AMOUNT || (unit === 'pc' && !Number.isInteger(amount))) return undefined;
  return { amount, unit };
}

/** A line of a cart names a product's default pack size by the product's id, another size as `<productId>:<sizeId>`. */
export function cartKey(productId: string, packSizeId?: string): string {
  return packSizeId ? `${productId}:${packSizeId}` : productId;
}

/**
 * The one cart key of a pack size, everywhere (storefront, server, guest cart, merge): the plain product id for
 * its default (first) size, for no size named, and for the size of a product stored before pack sizes (whose
 * id is the product's); `<productId>:<sizeId>` for any other size.
 */
export function canonicalCartKey(productId: string, packSizeId: string | undefined, defaultSizeId: string | undefined): string {
  return !packSizeId || packSizeId === productId || packSizeId === defaultSizeId ? productId : cartKey(productId, packSizeId);
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The product and pack size a cart key names; undefined when it is not one (ids are 24 hex digits). */
export function parseCartKey(key: string): { productId: string; packSizeId?: string } | undefined {
  const [productId, packSizeId, ...rest] = key.split(':');
  if (rest.length || !OBJECT_ID.test(productId)) return undefined;
  if (packSizeId === undefined) return { productId: productId.toLowerCase() };
  if (!OBJECT_ID.test(packSizeId)) return undefined;
  return { productId: productId.toLowerCase(), packSizeId: packSizeId.toLowerCase() };
}

/** "Aashirvaad Atta 5 kg": a product's name with the pack size's label, for lines, mails and messages (the label alone when the name has it already). */
export function nameWithSize(name: string, label: string | undefined): string {
  if (!label) return name;
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  return squash(name).endsWith(squash(label)) ? name : `${name} ${label}`;
}
