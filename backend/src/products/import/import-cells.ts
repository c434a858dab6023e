import {
  barcodeProblem,
  CATEGORIES,
  isGstRateForm,
  isRupeeAmount,
  isStockCount,
  MAX_PACK_SIZE_LABEL_LENGTH,
  MAX_PRICE_RUPEES,
  MAX_PRODUCT_DESCRIPTION_LENGTH,
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_NAME_LENGTH,
  MAX_STOCK,
  packQuantityProblem,
  PACK_SIZE_UNITS,
  skuProblem,
  type CatalogueCsvColumn,
  type ImportRowError,
  type PackQuantity,
  type PackSizeUnit,
  type ProductCategory,
} from '@greencart/domain';
import { safeText } from '../../common/pipes/safe-input.pipe';
import type { CsvTable } from './csv-table';

/**
 * One row of an import as values. A field is `undefined` when the file has no such column (the pack
 * size keeps what it has; a new one gets the default), and `null` when the cell is empty where that
 * means something: no SKU, no barcode, not counted, size read from the label, pictures kept.
 */
export interface RowInput {
  line: number;
  sku?: string | null;
  barcode?: string | null;
  name?: string;
  category?: ProductCategory;
  description?: string[];
  label?: string;
  /** null: read from the label (as the seller's form does). */
  size?: PackQuantity | null;
  price?: number;
  offerPrice?: number;
  stock?: number | null;
  inStock?: boolean;
  /** Picture names in the zip, or URLs of the product's own pictures; null: kept as they are. */
  images?: string[] | null;
  productId?: string;
  variantId?: string;
  /** The product's GST rate (percent); undefined: no column, or an empty cell (the rate stays as it is). */
  gstRate?: number;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;
const YES = new Set(['yes', 'y', 'true', '1', 'in stock']);
const NO = new Set(['no', 'n', 'false', '0', 'out of stock']);
const PRICE = /^(?:₹|rs\.?|inr)?\s*(\d{1,7}(?:\.\d{1,2})?)$/i;
const PRICE_MESSAGE = `must be an amount in rupees above 0 with at most 2 decimals (at most ${MAX_PRICE_RUPEES}), e.g. 45 or 45.50`;

/** A cell as the seller meant it: the apostrophe the export puts before a formula-looking text taken off again, then trimmed. */
export function cellText(raw: string | undefined): string {
  const text = raw ?? '';
  return (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text).trim();
}

/** Splits a list cell ("a | b | c") into its trimmed, non-empty parts. */
export function listOf(text: string): string[] {
  return text
    .split(/\s*\|\s*|\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The rows of `table` as values, and what is wrong with their cells (each with the row's line and the column). */
export function rowInputsOf(table: CsvTable): { rows: RowInput[]; errors: ImportRowError[] } {
  const rows: RowInput[] = [];
  const errors: ImportRowError[] = [];
  for (const { line, cells } of table.rows) {
    const fail = (column: CatalogueCsvColumn, message: string) => errors.push({ row: line, column, message });
    // Each cell held to the rule of the product forms' text (see safeText); a refused one fails the row.
    const cell = (column: CatalogueCsvColumn): string | undefined => {
      const index = table.columns.get(column);
      if (index === undefined) return undefined;
      const safe = safeText(cells[index] ?? '', column);
      if ('problem' in safe) {
        fail(column, safe.problem);
        return undefined;
      }
      return cellText(safe.text);
    };
    const row: RowInput = { line };
    const before = errors.length;

    const sku = cell('sku');
    if (sku !== undefined) {
      if (sku && skuProblem(sku)) fail('sku', skuProblem(sku)!);
      else row.sku = sku || null;
    }
    const barcode = cell('barcode');
    if (barcode !== undefined) {
      if (barcode && barcodeProblem(barcode)) fail('barcode', barcodeProblem(barcode)!);
      else row.barcode = barcode || null;
    }
    const name = cell('name');
    if (name !== undefined) {
      if (name.length > MAX_PRODUCT_NAME_LENGTH) fail('name', `name must be at most ${MAX_PRODUCT_NAME_LENGTH} characters`);
      else if (name) row.name = name;
    }
    const category = cell('category');
    if (category !== undefined && category) {
      const found = CATEGORIES.find((c) => c.path.toLowerCase() === category.toLowerCase() || c.text.toLowerCase() === category.toLowerCase());
      if (found) row.category = found.path;
      else fail('category', `"${category}" is not a category: use one of ${CATEGORIES.map((c) => c.path).join(', ')}`);
    }
    const description = cell('description');
    if (description !== undefined) {
      const lines = listOf(description);
      if (lines.join('\n').length > MAX_PRODUCT_DESCRIPTION_LENGTH)
        fail('description', `description must be at most ${MAX_PRODUCT_DESCRIPTION_LENGTH} characters`);
      else row.description = lines;
    }
    const gstRate = cell('gst_rate');
    if (gstRate) {
      const rate = Number(gstRate.replace(/\s*%$/, ''));
      if (!isGstRateForm(rate) || !/^\d/.test(gstRate)) fail('gst_rate', 'gst_rate must be a percent from 0 to 100 with at most two decimals, e.g. 5 or 18');
      else row.gstRate = rate;
    }
    const label = cell('pack_size');
    if (label !== undefined && label) {
      if (label.length > MAX_PACK_SIZE_LABEL_LENGTH)
        fail('pack_size', `pack_size must be at most ${MAX_PACK_SIZE_LABEL_LENGTH} characters (e.g. "500 g", "Pack of 6")`);
      else row.label = label;
    }
    readSize(cell('size_amount'), cell('size_unit'), row, fail);
    for (const [column, field] of [
      ['price', 'price'],
      ['offer_price', 'offerPrice'],
    ] as const) {
      const text = cell(column);
      if (text === undefined || text === '') continue;
      const match = PRICE.exec(text.replace(/\s+/g, ''));
      const amount = match ? Number(match[1]) : NaN;
      if (!isRupeeAmount(amount)) fail(column, `${column} ${PRICE_MESSAGE}`);
      else row[field] = amount;
    }
    const stock = cell('stock');
    if (stock !== undefined) {
      if (stock === '') row.stock = null;
      else if (!/^\d+$/.test(stock) || !isStockCount(Number(stock)))
        fail('stock', `stock must be a whole number from 0 to ${MAX_STOCK}, or empty for not counted`);
      else row.stock = Number(stock);
    }
    const listed = cell('in_stock');
    if (listed !== undefined) {
      const word = listed.toLowerCase();
      if (!word || YES.has(word)) row.inStock = true;
      else if (NO.has(word)) row.inStock = false;
      else fail('in_stock', 'in_stock must be yes or no');
    }
    const images = cell('images');
    if (images !== undefined) {
      const names = listOf(images);
      if (names.length > MAX_PRODUCT_IMAGES) fail('images', `A product has at most ${MAX_PRODUCT_IMAGES} pictures`);
      else if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) fail('images', 'images names the same picture twice');
      else row.images = names.length ? names : null;
    }
    for (const [column, field] of [
      ['product_id', 'productId'],
      ['variant_id', 'variantId'],
    ] as const) {
      const id = cell(column);
      if (!id) continue;
      if (!OBJECT_ID.test(id)) fail(column, `${column} must be the 24-character id the export gave, or empty for a new one`);
      else row[field] = id.toLowerCase();
    }
    if (errors.length === before) rows.push(row);
  }
  return { rows, errors };
}

function readSize(
  amountText: string | undefined,
  unitText: string | undefined,
  row: RowInput,
  fail: (column: CatalogueCsvColumn, message: string) => void,
): void {
  if (amountText === undefined && unitText === undefined) return;
  if (!amountText && !unitText) {
    row.size = null;
    return;
  }
  if (!amountText) return fail('size_amount', 'size_amount is empty while size_unit is not: give both, or neither to read the size from pack_size');
  if (!unitText) return fail('size_unit', `size_unit is empty while size_amount is not: use one of ${PACK_SIZE_UNITS.join(', ')}`);
  const size = { amount: /^\d+(\.\d+)?$/.test(amountText) ? Number(amountText) : NaN, unit: unitText.toLowerCase() as PackSizeUnit };
  const problem = packQuantityProblem(size);
  if (!problem) {
    row.size = size;
    return;
  }
  fail(problem.includes('one of') ? 'size_unit' : 'size_amount', `The size ${problem}`);
}
