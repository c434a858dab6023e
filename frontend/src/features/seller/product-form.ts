import {
  HSN_PATTERN,
  isProductCategory,
  isRupeeAmount,
  MAX_PRICE_RUPEES,
  MAX_PRODUCT_DESCRIPTION_LENGTH,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_NAME_LENGTH,
  MAX_PRODUCT_WEIGHT_LENGTH,
  MAX_STOCK,
  MAX_SEARCH_WORD_LENGTH,
  MAX_SEARCH_WORDS,
  MAX_PACK_SIZES,
  packSizesProblem,
  type PackSizeInput,
  type PackSizeUnit,
  type ProductView,
  type SellerStockView,
} from '@greencart/domain';
import { barcodeProblem, codesOf, skuProblem } from './pack-codes';
import { planImageSlots, type ImageSlot } from './product-images';

/** One pack size as the seller types it (text until sent). The first row is the form's price, offer price, weight (its label) and stock. */
export interface PackSizeRow {
  /** The size's id when it exists already (an edit keeps it). */
  _id?: string;
  label: string;
  price: string;
  offerPrice: string;
  /** How much one pack holds, for the unit price ('' with unit '': not said). */
  amount: string;
  unit: PackSizeUnit | '';
  /** Units on hand; '' when not counted. */
  stock: string;
  /** The shop's own code for the size ('' or absent: none). */
  sku?: string;
  /** EAN-8, UPC-A or EAN-13 printed on the pack ('' or absent: none). */
  barcode?: string;
}

/** What the seller types; prices stay text until sent so a half-typed number is not lost. */
export interface ProductFormValues {
  name: string;
  /** One line per 'About Product' bullet. */
  description: string;
  /** A category path value ('Vegetables', …) or '' before one is chosen. */
  category: string;
  price: string;
  offerPrice: string;
  weight: string;
  /** Units on hand; '' when the product is not counted. */
  stock: string;
  /** "Running low" at this many units; '' for the default. */
  lowStockThreshold: string;
  /** Other names shoppers type, separated by commas (absent: left as they are). */
  searchWords?: string;
  /** HSN code for tax invoices, 4–8 digits; '' for none (absent: left as it is). */
  hsn?: string;
  /** The GST rate in percent, one of the shop's rates (issue 54); '' for none (absent: none given). */
  gstRate?: string;
  /** The first pack size's id, measured size and codes (its label, prices and stock are the fields above). */
  firstSize?: Pick<PackSizeRow, '_id' | 'amount' | 'unit' | 'sku' | 'barcode'>;
  /** Pack sizes after the first, in the seller's order (absent or empty: a single-size product). */
  moreSizes?: PackSizeRow[];
}

/** `sku` and `barcode`: those of a single-size product (several sizes: `sizes` names the size). */
export type ProductField = keyof ProductFormValues | 'images' | 'sizes' | 'sku' | 'barcode';
export type ProductErrors = Partial<Record<ProductField, string>>;

/** One pack size as sent: the domain's, with its codes (left out: kept as they are; null: removed). */
type PackSizeData = PackSizeInput & { sku?: string | null; barcode?: string | null };

/** The JSON sent as `productData`. */
interface ProductData {
  name: string;
  description: string;
  category: string;
  /** Without `variants` only (the first size is the product's price then). */
  price?: number;
  offerPrice?: number;
  weight?: string;
  stock?: number | null;
  lowStockThreshold?: number;
  searchWords?: string[];
  hsn?: string;
  /** Percent, one of the shop's rates; null (an edit) removes it. */
  gstRate?: number | null;
  /** Sent for a product of several sizes (or one that had several, or a measured one): each size, the first the default. */
  variants?: PackSizeData[];
}

/** All the pack sizes of the form as rows, the first one made of the form's price, offer price, weight and stock. */
export function sizeRows(values: ProductFormValues): PackSizeRow[] {
  const first: PackSizeRow = {
    ...(values.firstSize?._id ? { _id: values.firstSize._id } : {}),
    label: values.weight,
    price: values.price,
    offerPrice: values.offerPrice,
    amount: values.firstSize?.amount ?? '',
    unit: values.firstSize?.unit ?? '',
    stock: values.stock,
    ...(values.firstSize?.sku ? { sku: values.firstSize.sku } : {}),
    ...(values.firstSize?.barcode ? { barcode: values.firstSize.barcode } : {}),
  };
  return [first, ...(values.moreSizes ?? [])];
}

/** The form with these pack size rows (1 to MAX_PACK_SIZES; the first becomes the price, offer price, weight and stock fields). */
export function withSizeRows(values: ProductFormValues, rows: readonly PackSizeRow[]): ProductFormValues {
  const [first = EMPTY_SIZE_ROW, ...more] = rows.slice(0, MAX_PACK_SIZES);
  return {
    ...values,
    weight: first.label,
    price: first.price,
    offerPrice: first.offerPrice,
    stock: first.stock,
    firstSize: {
      ...(first._id ? { _id: first._id } : {}),
      amount: first.amount,
      unit: first.unit,
      ...(first.sku ? { sku: first.sku } : {}),
      ...(first.barcode ? { barcode: first.barcode } : {}),
    },
    moreSizes: more,
  };
}

export const EMPTY_SIZE_ROW: PackSizeRow = { label: '', price: '', offerPrice: '', amount: '', unit: '', stock: '' };

/** Whether a size has a SKU or barcode typed. */
const hasCodes = (size: Pick<PackSizeRow, 'sku' | 'barcode'> | undefined) => !!size?.sku?.trim() || !!size?.barcode?.trim();

/**
 * Whether the form is sent with `variants`: several sizes, a measured one, one with a SKU or barcode (they
 * are a size's), or an edit of a product that had several or had codes (to remove them).
 */
function sendsSizes(values: ProductFormValues, initial?: ProductFormValues): boolean {
  return (
    sizeRows(values).length > 1 ||
    !!values.firstSize?.amount.trim() ||
    hasCodes(values.firstSize) ||
    hasCodes(initial?.firstSize) ||
    (initial?.moreSizes?.length ?? 0) > 0
  );
}

/** A number typed in a size row: NaN when it is not one (the domain's check then names the problem). */
function typedNumber(text: string): number {
  const value = text.trim();
  return value && /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The `variants` of the form. An edit sends a size's stock only when the seller changed it (orders taken
 * while the form was open are not undone), and clears a measured size the seller emptied.
 */
export function toPackSizes(values: ProductFormValues, mode: 'add' | 'edit' = 'add', initial?: ProductFormValues): PackSizeData[] {
  const before = new Map(initial ? sizeRows(initial).map((row) => [row._id, row]) : []);
  return sizeRows(values).map((row) => {
    const stock = row.stock.trim();
    const earlier = row._id ? before.get(row._id) : undefined;
    const stockChanged = mode === 'add' || !earlier ? stock !== '' : stock !== earlier.stock.trim();
    const measured = row.amount.trim() !== '' || row.unit !== '';
    const sku = row.sku?.trim();
    const barcode = row.barcode?.trim();
    return {
      ...(row._id ? { _id: row._id } : {}),
      label: row.label.trim(),
      price: typedNumber(row.price),
      offerPrice: typedNumber(row.offerPrice),
      ...(measured ? { size: { amount: typedNumber(row.amount), unit: row.unit as PackSizeUnit } } : earlier?.amount.trim() ? { size: null } : {}),
      ...(stockChanged ? { stock: stock === '' ? null : (parseUnits(stock) ?? Number.NaN) } : {}),
      // A code the seller emptied is removed (null); one never given is left out.
      ...(sku ? { sku } : earlier?.sku?.trim() ? { sku: null } : {}),
      ...(barcode ? { barcode } : earlier?.barcode?.trim() ? { barcode: null } : {}),
    };
  });
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  description: '',
  category: '',
  price: '',
  offerPrice: '',
  weight: '',
  stock: '',
  lowStockThreshold: '',
  hsn: '',
  gstRate: '',
  firstSize: { amount: '', unit: '' },
  moreSizes: [],
};

/** The form filled with a product (and its stock as the seller sees it), for editing. */
export function productToForm(product: ProductView, stock?: SellerStockView): ProductFormValues {
  const onHandText = (onHand: number | null | undefined) => (onHand === null || onHand === undefined ? '' : String(onHand));
  const sizes = product.variants ?? [];
  const rows: PackSizeRow[] = sizes.map((size, index) => ({
    _id: size._id,
    // A single-size product's label is its weight, as the form has always shown it.
    label: sizes.length > 1 ? size.label : (product.weight ?? ''),
    price: String(size.price),
    offerPrice: String(size.offerPrice),
    amount: size.size ? String(size.size.amount) : '',
    unit: size.size?.unit ?? '',
    stock: onHandText(stock?.variants?.find((entry) => entry.variantId === size._id)?.onHand ?? (index === 0 ? stock?.onHand : undefined)),
    ...codesOf(size),
  }));
  const values: ProductFormValues = {
    name: product.name,
    description: product.description.join('\n'),
    category: product.category,
    price: String(product.price),
    offerPrice: String(product.offerPrice),
    weight: product.weight ?? '',
    hsn: product.hsn ?? '',
    stock: onHandText(stock?.onHand),
    lowStockThreshold: stock ? String(stock.lowStockThreshold) : '',
    ...(product.searchWords?.length ? { searchWords: product.searchWords.join(', ') } : {}),
    ...(typeof product.gstRate === 'number' ? { gstRate: String(product.gstRate) } : {}),
  };
  return rows.length ? withSizeRows(values, rows) : values;
}

/** A whole number of units 0–MAX_STOCK, or null. */
export function parseUnits(text: string): number | null {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return null;
  const units = Number(value);
  return units <= MAX_STOCK ? units : null;
}

/** The search words of the form: split at commas, trimmed, empty ones and repeats left out. */
export function parseSearchWords(text: string | undefined): string[] {
  const seen = new Set<string>();
  return (text ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word && !seen.has(word.toLowerCase()) && seen.add(word.toLowerCase()));
}

/** A rupee amount with at most 2 decimals, or null. */
export function parseRupees(text: string): number | null {
  const value = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Number(value);
}

function checkPrice(text: string, label: string): string | undefined {
  const value = text.trim();
  if (!value) return `${label} is required`;
  const amount = Number(value);
  if (!Number.isFinite(amount)) return `${label} must be an amount in rupees, e.g. 49.50`;
  if (amount <= 0 || amount > MAX_PRICE_RUPEES) return `${label} must be more than ₹0 and at most ₹${MAX_PRICE_RUPEES.toLocaleString('en-IN')}`;
  if (!/^\d+(\.\d+)?$/.test(value)) return `${label} must be an amount in rupees, e.g. 49.50`;
  if (parseRupees(value) === null || !isRupeeAmount(amount)) return `${label} can have at most 2 decimals`;
  return undefined;
}

/** The server's rules (@greencart/domain), checked before sending: name and both prices required, offer ≤ price, a known category, 1–4 images, lengths. */
export function validateProductForm(values: ProductFormValues, imageCount: number): ProductErrors {
  const errors: ProductErrors = {};
  if (imageCount < 1) errors.images = 'Please add at least 1 image';
  else if (imageCount > MAX_PRODUCT_IMAGES) errors.images = `A product has at most ${MAX_PRODUCT_IMAGES} images`;
  if (!values.name.trim()) errors.name = 'Product name is required';
  else if (values.name.trim().length > MAX_PRODUCT_NAME_LENGTH) errors.name = `Product name can be at most ${MAX_PRODUCT_NAME_LENGTH} characters`;
  if (descriptionText(values.description).length > MAX_PRODUCT_DESCRIPTION_LENGTH) {
    errors.description = `Product description can be at most ${MAX_PRODUCT_DESCRIPTION_LENGTH} characters`;
  }
  if (!isProductCategory(values.category)) errors.category = 'Please choose a category';
  const priceError = checkPrice(values.price, 'Product price');
  if (priceError) errors.price = priceError;
  const offerError = checkPrice(values.offerPrice, 'Offer price');
  if (offerError) errors.offerPrice = offerError;
  if (!priceError && !offerError && parseRupees(values.offerPrice)! > parseRupees(values.price)!) {
    errors.offerPrice = 'Offer price must not be higher than the product price';
  }
  if (values.weight.trim().length > MAX_PRODUCT_WEIGHT_LENGTH) errors.weight = `Weight can be at most ${MAX_PRODUCT_WEIGHT_LENGTH} characters`;
  const hsn = values.hsn?.trim() ?? '';
  if (hsn && !HSN_PATTERN.test(hsn)) errors.hsn = 'HSN code must be 4 to 8 digits, e.g. 0702';
  if (values.stock.trim() && parseUnits(values.stock) === null)
    errors.stock = `Units in stock must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-IN')}`;
  if (values.lowStockThreshold.trim() && parseUnits(values.lowStockThreshold) === null) {
    errors.lowStockThreshold = `The "running low" level must be a whole number from 0 to ${MAX_STOCK.toLocaleString('en-IN')}`;
  }
  // Several sizes: the domain's rules name the size and what is wrong with it (labels, prices, sizes, stock).
  const rows = sizeRows(values);
  if (rows.length === 1 && hasCodes(rows[0]) && !values.weight.trim()) {
    // A size with codes is sent as a size, and a size needs a label: the weight is this product's.
    errors.weight ??= 'Type the weight or pack (e.g. 500 g, 1 pc) to give this product a SKU or barcode';
  } else if (sendsSizes(values)) {
    // The codes are checked below, in the form's words and at their fields; the domain checks the rest.
    const problem = packSizesProblem(toPackSizes(values).map(({ sku: _sku, barcode: _barcode, ...size }) => size));
    if (problem) errors.sizes = problem;
  }
  Object.assign(errors, packCodesErrors(rows, errors.sizes));
  const searchWords = parseSearchWords(values.searchWords);
  if (searchWords.length > MAX_SEARCH_WORDS) errors.searchWords = `At most ${MAX_SEARCH_WORDS} search words`;
  else if (searchWords.some((word) => word.length > MAX_SEARCH_WORD_LENGTH))
    errors.searchWords = `Each search word can be at most ${MAX_SEARCH_WORD_LENGTH} characters`;
  return errors;
}

/**
 * Problems with the SKUs and barcodes typed: of a single-size product under `sku` and `barcode`; of several
 * sizes under `sizes`, naming the size (unless `sizesProblem` is there already), as its other problems are.
 */
function packCodesErrors(rows: readonly PackSizeRow[], sizesProblem: string | undefined): ProductErrors {
  if (rows.length === 1) {
    const sku = skuProblem(rows[0]!.sku?.trim() ?? '');
    const barcode = rows[0]!.barcode?.trim() ? barcodeProblem(rows[0]!.barcode.trim()) : undefined;
    return { ...(sku ? { sku: `SKU ${sku}` } : {}), ...(barcode ? { barcode: `Barcode ${barcode}` } : {}) };
  }
  if (sizesProblem) return {};
  const skus = new Set<string>();
  const barcodes = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const named = row.label.trim() ? `"${row.label.trim()}"` : `pack size ${i + 1}`;
    const sku = row.sku?.trim() ?? '';
    const barcode = row.barcode?.trim() ?? '';
    const problem = skuProblem(sku);
    if (problem) return { sizes: `The SKU of ${named} ${problem}` };
    // A SKU's case does not make it another: "atta-1" and "ATTA-1" are one.
    if (sku && skus.has(sku.toUpperCase())) return { sizes: `Two pack sizes have the SKU "${sku}": each must be different` };
    if (sku) skus.add(sku.toUpperCase());
    if (barcode) {
      const wrong = barcodeProblem(barcode);
      if (wrong) return { sizes: `The barcode of ${named} ${wrong}` };
      if (barcodes.has(barcode)) return { sizes: `Two pack sizes have the barcode ${barcode}: each must be different` };
      barcodes.add(barcode);
    }
  }
  return {};
}

/** The description as sent: one trimmed line per bullet, blank lines dropped. */
function descriptionText(description: string): string {
  return description
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * The `productData` JSON of a valid form. An edit sends an empty weight to clear it; a new product
 * leaves it out. The count is sent by an edit only when the seller changed it (`initial`: the form as
 * opened), so orders taken while the form was open are not undone by a stale number.
 */
export function toProductData(values: ProductFormValues, mode: 'add' | 'edit' = 'add', initial?: ProductFormValues): ProductData {
  const weight = values.weight.trim();
  const hsn = values.hsn?.trim();
  const stock = values.stock.trim();
  const threshold = values.lowStockThreshold.trim();
  const stockChanged = mode === 'add' ? stock !== '' : stock !== (initial?.stock ?? '').trim();
  const thresholdChanged = mode === 'add' ? threshold !== '' : threshold !== '' && threshold !== (initial?.lowStockThreshold ?? '').trim();
  const sizes = sendsSizes(values, initial);
  const gstRate = values.gstRate?.trim() ?? '';
  // A new product sends a rate it has; an edit sends the rate the seller changed ('Not set': null, removed).
  const gstRateSent = mode === 'add' ? gstRate !== '' : values.gstRate !== undefined && gstRate !== (initial?.gstRate?.trim() ?? '');
  return {
    name: values.name.trim(),
    description: descriptionText(values.description),
    category: values.category,
    // With sizes, prices, weight and stock are each size's (the first size's are the product's): the server refuses them beside `variants`.
    ...(sizes
      ? { variants: toPackSizes(values, mode, initial) }
      : { price: parseRupees(values.price) ?? Number.NaN, offerPrice: parseRupees(values.offerPrice) ?? Number.NaN }),
    ...(!sizes && (weight || mode === 'edit') ? { weight } : {}),
    // An edit sends "" to remove the code; a new product only sends one it has.
    ...(hsn || (mode === 'edit' && hsn !== undefined) ? { hsn } : {}),
    ...(gstRateSent ? { gstRate: gstRate === '' ? null : Number(gstRate) } : {}),
    ...(!sizes && stockChanged ? { stock: stock === '' ? null : parseUnits(stock) } : {}),
    ...(thresholdChanged ? { lowStockThreshold: parseUnits(threshold) ?? undefined } : {}),
    // A new product sends them when there are any; an edit sends them once the field was shown filled or touched (an empty list removes them).
    ...(values.searchWords !== undefined && (mode === 'edit' || parseSearchWords(values.searchWords).length)
      ? { searchWords: parseSearchWords(values.searchWords) }
      : {}),
  };
}

/** POST /api/addproduct body: `productData` JSON and 1–4 files under `image`. */
export function buildProductFormData(values: ProductFormValues, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('productData', JSON.stringify(toProductData(values)));
  for (const file of files) form.append('image', file);
  return form;
}

/** PATCH /api/products/:id body: `productData`, the final ordered `images` list and the new files under `image`. */
export function buildProductUpdateFormData(values: ProductFormValues, slots: readonly ImageSlot[], initial?: ProductFormValues): FormData {
  const { images, files } = planImageSlots(slots);
  const form = new FormData();
  form.append('productData', JSON.stringify(toProductData(values, 'edit', initial)));
  form.append('images', JSON.stringify(images));
  for (const file of files) form.append('image', file);
  return form;
}
