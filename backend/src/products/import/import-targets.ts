import { skuKey, type ImportRowError, type PackQuantity, type ProductCategory } from '@greencart/domain';
import type { RowInput } from './import-cells';

/** A pack size as the shop has it now. */
export interface ExistingSize {
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

/** A product as the shop has it now. */
export interface ExistingProduct {
  _id: string;
  name: string;
  category: ProductCategory;
  description: string[];
  image: string[];
  sizes: ExistingSize[];
  /** Its GST rate (issue 54), when it has one. */
  gstRate?: number;
}

/** Where a row goes: an existing product (and maybe one of its sizes), or the new product of its name (`key` "new:<name>"). */
export interface RowTarget {
  row: RowInput;
  key: string;
  product?: ExistingProduct;
  size?: ExistingSize;
}

/** Names and labels compared as people read them: case and runs of spaces ignored. */
export const nameKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Finds each row's pack size: by `variant_id`, then by `sku`, then by product (`product_id`, else the
 * name) and `pack_size`. A name is looked up first among the products rows already found by id or SKU
 * (a product renamed in the file keeps its rows together), then in the shop; a name no product has is
 * a new product, whose rows the name gathers. A row whose product cannot be told is an error.
 */
export function targetsOf(rows: readonly RowInput[], existing: readonly ExistingProduct[]): { targets: RowTarget[]; errors: ImportRowError[] } {
  const sizeById = new Map<string, { product: ExistingProduct; size: ExistingSize }>();
  const bySku = new Map<string, { product: ExistingProduct; size: ExistingSize }>();
  const productById = new Map<string, ExistingProduct>();
  const byName = new Map<string, ExistingProduct[]>();
  for (const product of existing) {
    productById.set(product._id, product);
    byName.set(nameKey(product.name), [...(byName.get(nameKey(product.name)) ?? []), product]);
    for (const size of product.sizes) {
      sizeById.set(size._id, { product, size });
      if (size.sku) bySku.set(skuKey(size.sku), { product, size });
    }
  }

  const errors: ImportRowError[] = [];
  const found = new Map<RowInput, { product: ExistingProduct; size: ExistingSize }>();
  /** Names the file gives the products it found by id or SKU. */
  const renamed = new Map<string, ExistingProduct>();
  for (const row of rows) {
    let hit: { product: ExistingProduct; size: ExistingSize } | undefined;
    if (row.variantId) {
      hit = sizeById.get(row.variantId);
      if (!hit) {
        errors.push({
          row: row.line,
          column: 'variant_id',
          message: `variant_id ${row.variantId} is not a pack size of this shop: leave it empty to add a new one`,
        });
        continue;
      }
      if (row.productId && row.productId !== hit.product._id) {
        errors.push({ row: row.line, column: 'product_id', message: `product_id is not the product of variant_id (${hit.product.name})` });
        continue;
      }
    } else if (row.sku) {
      const bySkuHit = bySku.get(skuKey(row.sku));
      if (bySkuHit && (!row.productId || row.productId === bySkuHit.product._id)) hit = bySkuHit;
    }
    if (!hit) continue;
    found.set(row, hit);
    if (row.name && !renamed.has(nameKey(row.name))) renamed.set(nameKey(row.name), hit.product);
  }

  const targets: RowTarget[] = [];
  const failed = new Set(errors.map((error) => error.row));
  for (const row of rows) {
    if (failed.has(row.line)) continue;
    const hit = found.get(row);
    if (hit) {
      targets.push({ row, key: hit.product._id, product: hit.product, size: hit.size });
      continue;
    }
    let product: ExistingProduct | undefined;
    if (row.productId) {
      product = productById.get(row.productId);
      if (!product) {
        errors.push({
          row: row.line,
          column: 'product_id',
          message: `product_id ${row.productId} is not a product of this shop: leave it empty to add a new one`,
        });
        continue;
      }
    } else if (!row.name) {
      errors.push({ row: row.line, column: 'name', message: 'name is needed to add a product (or variant_id, sku or product_id to change one)' });
      continue;
    } else {
      const named = renamed.get(nameKey(row.name));
      const inShop = byName.get(nameKey(row.name)) ?? [];
      if (named) product = named;
      else if (inShop.length > 1) {
        errors.push({ row: row.line, column: 'name', message: `${inShop.length} products are named "${row.name}": give product_id to say which` });
        continue;
      } else product = inShop[0];
    }
    if (!row.label) {
      errors.push({ row: row.line, column: 'pack_size', message: 'pack_size is needed to find or add the pack size (e.g. "1 kg", "Pack of 6")' });
      continue;
    }
    const size = product?.sizes.find((s) => nameKey(s.label) === nameKey(row.label!));
    targets.push(product ? { row, key: product._id, product, size } : { row, key: `new:${nameKey(row.name!)}` });
  }
  return { targets, errors };
}
