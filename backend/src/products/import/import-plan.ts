import { Types } from 'mongoose';
import {
  DEFAULT_GST_RATES,
  gstRateProblem,
  MAX_PACK_SIZES,
  nameWithSize,
  quantityOfLabel,
  skuKey,
  toPaise,
  type CatalogueCsvColumn,
  type ImportRowError,
  type PackQuantity,
  type ProductCategory,
} from '@greencart/domain';
import type { RowInput } from './import-cells';
import { nameKey, type ExistingProduct, type ExistingSize, type RowTarget } from './import-targets';
import { resolvePictures, type PictureLookup, type PlannedPicture } from './import-pictures-plan';

/** A pack size as the import leaves it (every field, so writing it twice writes the same). */
export interface PlannedSize {
  _id: string;
  label: string;
  price: number;
  offerPrice: number;
  size?: PackQuantity;
  stock: number | null;
  inStock: boolean;
  sku?: string;
  barcode?: string;
}

/**
 * One product's write. A new product (`create`) has every field and its sizes in order; an existing one
 * the fields that change and the sizes to write (changed ones and new ones, appended). Ids are chosen
 * here, so that applying the plan again after a stop writes the very same documents.
 */
export interface PlannedProduct {
  _id: string;
  create: boolean;
  name?: string;
  category?: ProductCategory;
  description?: string[];
  /** Left out: the pictures stay as they are (also when the rows name them as they are). */
  images?: PlannedPicture[];
  /** Left out: the GST rate stays as it is. */
  gstRate?: number;
  sizes: PlannedSize[];
  /** The pack-size rows it applies (the progress counts them). */
  rows: number;
}

export interface ImportPlan {
  products: PlannedProduct[];
  create: number;
  update: number;
  unchanged: number;
  errors: ImportRowError[];
}

type Action = 'create' | 'update' | 'unchanged';

/**
 * What the rows make of the shop's catalogue: each product's fields and sizes after the import, what
 * is wrong with them (every rule of the seller's forms, SKUs unique in the shop, the rows of one product
 * agreeing on its name, category, description and pictures) and what changes. Nothing is written here.
 */
export function planImport(
  targets: readonly RowTarget[],
  existing: readonly ExistingProduct[],
  pictures: PictureLookup,
  gstRates: readonly number[] = DEFAULT_GST_RATES,
): ImportPlan {
  const errors: ImportRowError[] = [];
  const fail = (row: RowInput, column: CatalogueCsvColumn, message: string) => errors.push({ row: row.line, column, message });
  const groups = new Map<string, RowTarget[]>();
  for (const target of targets) groups.set(target.key, [...(groups.get(target.key) ?? []), target]);

  const actions = new Map<number, Action>();
  const products: PlannedProduct[] = [];
  /** Every size's SKU after the import, and the file line that gives it (none: kept as it is). */
  const skus = new Map<string, { sku?: string; line?: number; name: string }>();
  for (const product of existing)
    for (const size of product.sizes) skus.set(size._id, { sku: size.sku, name: shownName(product.name, product.sizes, size.label) });

  for (const group of groups.values()) {
    const current = group[0].product;
    const rows = group.map((target) => target.row);
    const shared = sharedFields(rows, fail);
    const name = shared.name ?? current?.name ?? '';
    if (!current && !shared.category) fail(rows[0], 'category', 'category is needed for a new product');
    const rateProblem = shared.gstRate === undefined ? undefined : gstRateProblem(shared.gstRate.value, gstRates);
    if (rateProblem) fail(shared.gstRate!.row, 'gst_rate', rateProblem.replace(/^gstRate/, 'gst_rate'));
    const gstRate = shared.gstRate?.value;

    const sizes: PlannedSize[] = (current?.sizes ?? []).map((size) => ({ ...size }));
    const written = new Map<string, number>();
    const changedSizes = new Set<string>();
    for (const target of group) {
      const { row } = target;
      const before = target.size;
      const size = mergedSize(row, before, fail);
      if (!size) continue;
      if (written.has(size._id)) {
        fail(row, row.variantId ? 'variant_id' : 'pack_size', `The same pack size as line ${written.get(size._id)}`);
        continue;
      }
      written.set(size._id, row.line);
      const at = sizes.findIndex((s) => s._id === size._id);
      if (at === -1) sizes.push(size);
      else sizes[at] = size;
      if (!before || !sameSize(before, size)) changedSizes.add(size._id);
      skus.set(size._id, { sku: size.sku, line: row.line, name: shownName(name, sizes, size.label) });
      actions.set(row.line, before ? 'update' : 'create');
    }
    checkSizes(name, sizes, written, group, fail);

    const images = resolvePictures(shared.images, current, pictures, fail);
    const picturesChanged =
      images !== undefined && (!current || images.length !== current.image.length || images.some((p, i) => !('url' in p) || p.url !== current.image[i]));
    const productChanged =
      !current ||
      (shared.name !== undefined && shared.name !== current.name) ||
      (shared.category !== undefined && shared.category !== current.category) ||
      (shared.description !== undefined && shared.description.join('\n') !== current.description.join('\n')) ||
      (gstRate !== undefined && gstRate !== current.gstRate) ||
      picturesChanged;
    for (const { row } of group) {
      const sizeId = [...written].find(([, line]) => line === row.line)?.[0];
      if (actions.get(row.line) === 'update' && !productChanged && sizeId && !changedSizes.has(sizeId)) actions.set(row.line, 'unchanged');
    }
    if (!productChanged && !changedSizes.size) continue;
    const write = sizes.filter((size) => changedSizes.has(size._id) || !current);
    products.push({
      _id: current?._id ?? new Types.ObjectId().toHexString(),
      create: !current,
      ...(shared.name !== undefined && (!current || shared.name !== current.name) ? { name: shared.name } : {}),
      ...(shared.category !== undefined && (!current || shared.category !== current.category) ? { category: shared.category } : {}),
      ...(shared.description !== undefined || !current ? { description: shared.description ?? [] } : {}),
      ...(gstRate !== undefined && (!current || gstRate !== current.gstRate) ? { gstRate } : {}),
      // Pictures as they are are left out: the product keeps what it shows when the import is applied.
      ...(picturesChanged ? { images } : !current ? { images: [] } : {}),
      sizes: write,
      rows: group.length,
    });
  }

  checkSkus(skus, fail, targets);
  const wrong = new Set(errors.map((error) => error.row));
  const counts = { create: 0, update: 0, unchanged: 0 };
  for (const [line, action] of actions) if (!wrong.has(line)) counts[action]++;
  return { products, ...counts, errors: errors.sort((a, b) => a.row - b.row) };
}

/** The name, category, description and pictures of a product: given by its first row that has them; the others leave them empty or agree. */
function sharedFields(rows: readonly RowInput[], fail: (row: RowInput, column: CatalogueCsvColumn, message: string) => void) {
  const shared: {
    name?: string;
    category?: ProductCategory;
    description?: string[];
    images?: { names: string[]; row: RowInput };
    gstRate?: { value: number; row: RowInput };
  } = {};
  const from: Partial<Record<CatalogueCsvColumn, RowInput>> = {};
  const differs = (row: RowInput, column: CatalogueCsvColumn) =>
    fail(row, column, `${column} differs from line ${from[column]!.line}: the rows of one product share its name, category, description and pictures`);
  for (const row of rows) {
    if (row.name !== undefined) {
      if (shared.name === undefined) [shared.name, from.name] = [row.name, row];
      else if (nameKey(row.name) !== nameKey(shared.name)) differs(row, 'name');
    }
    if (row.category !== undefined) {
      if (shared.category === undefined) [shared.category, from.category] = [row.category, row];
      else if (row.category !== shared.category) differs(row, 'category');
    }
    if (row.description !== undefined) {
      if (shared.description === undefined) [shared.description, from.description] = [row.description, row];
      else if (row.description.length && row.description.join('\n') !== shared.description.join('\n')) differs(row, 'description');
    }
    if (row.gstRate !== undefined) {
      if (shared.gstRate === undefined) [shared.gstRate, from.gst_rate] = [{ value: row.gstRate, row }, row];
      else if (row.gstRate !== shared.gstRate.value) differs(row, 'gst_rate');
    }
    if (row.images) {
      if (shared.images === undefined) [shared.images, from.images] = [{ names: row.images, row }, row];
      else if (row.images.join('|').toLowerCase() !== shared.images.names.join('|').toLowerCase()) differs(row, 'images');
    }
  }
  return shared;
}

/** The row's pack size after the import: what the row gives over what the size has (a new size needs its label and prices). */
function mergedSize(
  row: RowInput,
  before: ExistingSize | undefined,
  fail: (row: RowInput, column: CatalogueCsvColumn, message: string) => void,
): PlannedSize | undefined {
  const label = row.label ?? before?.label;
  const price = row.price ?? before?.price;
  const offerPrice = row.offerPrice ?? before?.offerPrice;
  if (!label) fail(row, 'pack_size', 'pack_size is needed for a new pack size (e.g. "1 kg", "Pack of 6")');
  if (price === undefined) fail(row, 'price', 'price is needed for a new pack size');
  if (offerPrice === undefined) fail(row, 'offer_price', 'offer_price is needed for a new pack size (the price shoppers pay)');
  if (!label || price === undefined || offerPrice === undefined) return undefined;
  if (toPaise(offerPrice) > toPaise(price)) {
    fail(row, row.offerPrice !== undefined ? 'offer_price' : 'price', `offer_price (${offerPrice}) must not be higher than price (${price})`);
    return undefined;
  }
  // Sizes as the seller's form has them: given, else read from a new or changed label.
  const size = row.size ?? (row.size === undefined && before && label === before.label ? before.size : quantityOfLabel(label));
  const sku = row.sku !== undefined ? (row.sku ?? undefined) : before?.sku;
  const barcode = row.barcode !== undefined ? (row.barcode ?? undefined) : before?.barcode;
  return {
    _id: before?._id ?? new Types.ObjectId().toHexString(),
    label,
    price,
    offerPrice,
    ...(size ? { size } : {}),
    stock: row.stock !== undefined ? row.stock : (before?.stock ?? null),
    inStock: row.inStock ?? before?.inStock ?? true,
    ...(sku ? { sku } : {}),
    ...(barcode ? { barcode } : {}),
  };
}

function sameSize(a: ExistingSize, b: PlannedSize): boolean {
  return (
    a.label === b.label &&
    toPaise(a.price) === toPaise(b.price) &&
    toPaise(a.offerPrice) === toPaise(b.offerPrice) &&
    a.size?.amount === b.size?.amount &&
    a.size?.unit === b.size?.unit &&
    a.stock === b.stock &&
    a.inStock === b.inStock &&
    (a.sku ?? '') === (b.sku ?? '') &&
    (a.barcode ?? '') === (b.barcode ?? '')
  );
}

/** At most 8 sizes, each labelled once: said on the rows that break it. */
function checkSizes(
  name: string,
  sizes: readonly PlannedSize[],
  written: ReadonlyMap<string, number>,
  group: readonly RowTarget[],
  fail: (row: RowInput, column: CatalogueCsvColumn, message: string) => void,
): void {
  const rowOf = (id: string) => group.find((target) => target.row.line === written.get(id))?.row;
  if (sizes.length > MAX_PACK_SIZES) {
    const extra = rowOf(sizes[MAX_PACK_SIZES]._id) ?? group[0].row;
    fail(extra, 'pack_size', `A product has at most ${MAX_PACK_SIZES} pack sizes: "${name}" would have ${sizes.length}`);
  }
  const labels = new Map<string, PlannedSize>();
  for (const size of sizes) {
    const other = labels.get(nameKey(size.label));
    labels.set(nameKey(size.label), size);
    if (!other) continue;
    const row = rowOf(size._id) ?? rowOf(other._id);
    const otherLine = written.get(other._id);
    if (row)
      fail(row, 'pack_size', `"${name}" already has a pack size labelled "${other.label}"${otherLine && otherLine !== row.line ? ` (line ${otherLine})` : ''}`);
  }
}

/**
 * SKUs unique in the shop after the import. A SKU given twice is wrong on the rows after the first that
 * gives it, and on every row giving a SKU a size the file leaves alone keeps.
 */
function checkSkus(
  skus: ReadonlyMap<string, { sku?: string; line?: number; name: string }>,
  fail: (row: RowInput, column: CatalogueCsvColumn, message: string) => void,
  targets: readonly RowTarget[],
): void {
  const holders = new Map<string, { sku?: string; line?: number; name: string }[]>();
  for (const holder of skus.values()) if (holder.sku) holders.set(skuKey(holder.sku), [...(holders.get(skuKey(holder.sku)) ?? []), holder]);
  const rowAt = new Map(targets.map((target) => [target.row.line, target.row]));
  for (const list of holders.values()) {
    if (list.length < 2) continue;
    // Sizes the file leaves alone first, then the rows in file order.
    const [first, ...others] = list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    for (const holder of others) {
      if (holder.line === undefined) continue;
      const message =
        first.line !== undefined
          ? `The SKU ${holder.sku} is also on line ${first.line}: each SKU must be different`
          : `The SKU ${holder.sku} is already used by ${first.name}`;
      fail(rowAt.get(holder.line)!, 'sku', message);
    }
  }
}

function shownName(name: string, sizes: readonly { label: string }[], label: string): string {
  return `"${sizes.length > 1 ? nameWithSize(name, label) : name}"`;
}
