import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { LOST, writeUnderLock } from '../../common/counted/counted';
import { LocksService } from '../../common/locks/locks.service';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import { Product, type ProductHold, type ProductReturn, type ProductVariant } from '../schemas/product.schema';
import { packSizesOf, type LeanProduct } from '../view';
import { ImportCannotApply } from './import-failure';
import type { PlannedProduct, PlannedSize } from './import-plan';

const BUSY = 'A product of the import is being changed right now';

/**
 * The writes of an import, each one product document, each safe to make again: a new product is
 * inserted under the id the plan chose (a second insert finds it there), an existing one gets the
 * plan's fields over what it has now (a second time changes nothing). Existing products are written
 * one at a time per product like every other change of them (the product's lock, raising stockVersion:
 * common/counted/counted.ts), so a shopper's order taking units meanwhile is neither lost nor doubled.
 */
@Injectable()
export class ImportWrites {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly locks: LocksService,
  ) {}

  /** Inserts the new products (those there already were inserted by an earlier run of the same plan). */
  async create(planned: readonly PlannedProduct[]): Promise<void> {
    if (!planned.length) return;
    const docs = planned.map((plan) => {
      const variants = plan.sizes.map(variantOf);
      return {
        _id: new Types.ObjectId(plan._id),
        name: plan.name,
        description: plan.description ?? [],
        category: plan.category,
        image: (plan.images ?? []).map(urlOf),
        variants,
        ...topLevel(variants),
        ...(plan.gstRate !== undefined ? { gstRate: plan.gstRate } : {}),
      };
    });
    try {
      await this.products.insertMany(docs, { ordered: false, throwOnValidationError: true });
    } catch (error) {
      const failures = (error as { writeErrors?: unknown[] }).writeErrors;
      if (
        !(Array.isArray(failures)
          ? failures.every((failure) => isDuplicateKeyError(failure) || isDuplicateKeyError((failure as { err?: unknown }).err))
          : isDuplicateKeyError(error))
      )
        throw error;
    }
  }

  /** Writes the plan over the product as it is now; the pictures it no longer shows. Nothing when it is gone or already so. */
  update(plan: PlannedProduct): Promise<string[]> {
    const _id = new Types.ObjectId(plan._id);
    return writeUnderLock(this.locks, { name: `product:${plan._id}`, busyMessage: BUSY, waitMs: 30_000, staleMs: 30_000 }, async () => {
      const current = await this.products.findById(_id).lean<LeanProduct>();
      if (!current) return [];
      const next = merged(current, plan);
      if (!next) return [];
      const written = await this.products.updateOne({ _id }, { $set: next.set, $inc: { stockVersion: 1 } });
      return written.matchedCount ? (current.image ?? []).filter((url) => !next.image.includes(url)) : LOST;
    });
  }
}

function urlOf(picture: NonNullable<PlannedProduct['images']>[number]): string {
  if (!('url' in picture)) throw new ImportCannotApply(`the picture ${picture.zip} of line ${picture.line} was not stored before the import was committed`);
  return picture.url;
}

function variantOf(size: PlannedSize): ProductVariant {
  return {
    _id: new Types.ObjectId(size._id),
    label: size.label,
    price: size.price,
    offerPrice: size.offerPrice,
    ...(size.size ? { size: { amount: size.size.amount, unit: size.size.unit } } : {}),
    stock: size.stock,
    inStock: size.inStock,
    ...(size.sku ? { sku: size.sku } : {}),
    ...(size.barcode ? { barcode: size.barcode } : {}),
  } as ProductVariant;
}

/** The spec's top-level fields repeat the default (first) size, as the seller's form writes them. */
function topLevel(variants: readonly ProductVariant[]) {
  const first = variants[0];
  return { price: first.price, offerPrice: first.offerPrice, stock: first.stock ?? null, inStock: first.inStock, weight: first.label };
}

/** The product's fields after the plan, or undefined when it has them already. */
function merged(current: LeanProduct, plan: PlannedProduct): { set: Partial<Product>; image: string[] } | undefined {
  const stored: ProductVariant[] = current.variants?.length
    ? current.variants.map((v) => ({ ...v }))
    : packSizesOf(current).map((size) => ({ ...size, _id: new Types.ObjectId(size._id) }) as ProductVariant);
  const defaultId = String(stored[0]._id);
  const uncounted = new Set<string>();
  for (const size of plan.sizes) {
    const at = stored.findIndex((v) => String(v._id) === size._id);
    if (at === -1) stored.push(variantOf(size));
    else {
      if (size.stock === null && stored[at].stock !== null && stored[at].stock !== undefined) uncounted.add(size._id);
      stored[at] = variantOf(size);
    }
  }
  const image = plan.images ? plan.images.map(urlOf) : (current.image ?? []);
  // A size no longer counted forgets its holds, as the seller's "stop counting" does.
  const mine = (mark: { variant?: string }) => uncounted.has(mark.variant ?? defaultId);
  const set: Partial<Product> = {
    ...(plan.name !== undefined ? { name: plan.name } : {}),
    ...(plan.category !== undefined ? { category: plan.category } : {}),
    ...(plan.description !== undefined ? { description: plan.description } : {}),
    ...(plan.gstRate !== undefined ? { gstRate: plan.gstRate } : {}),
    image,
    variants: stored,
    ...topLevel(stored),
    ...(uncounted.size
      ? { holds: (current.holds ?? []).filter((h: ProductHold) => !mine(h)), returns: (current.returns ?? []).filter((r: ProductReturn) => !mine(r)) }
      : {}),
  };
  const before = {
    name: current.name,
    category: current.category,
    description: current.description ?? [],
    ...(current.gstRate !== undefined ? { gstRate: current.gstRate } : {}),
    image: current.image ?? [],
    variants: current.variants,
    ...topLevel(current.variants?.length ? current.variants : stored),
  };
  const after = { ...before, ...set };
  delete (after as { holds?: unknown }).holds;
  delete (after as { returns?: unknown }).returns;
  return canonical(before) === canonical(after) && !uncounted.size ? undefined : { set, image };
}

/** A document's fields as comparable text: ids as strings, keys sorted, absent and undefined alike. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Types.ObjectId) return v.toHexString();
    if (v && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, x]) => x !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    return v;
  });
}
