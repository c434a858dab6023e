import {
  availableUnits,
  DEFAULT_LOW_STOCK_THRESHOLD,
  heldUnits,
  quantityOfLabel,
  type PackQuantity,
  type PackSize,
  type SellerPackStockView,
  type SellerStockView,
  type StockHold,
} from '@greencart/domain';
import type { Product } from './schemas/product.schema';

/** A product as the API returns it. */
export interface ProductView {
  _id: string;
  name: string;
  description: string[];
  category: string;
  price: number;
  offerPrice: number;
  image: string[];
  inStock: boolean;
  weight?: string;
  stock: number | null;
  searchWords?: string[];
  hsn?: string;
  gstRate?: number;
  /** The pack sizes, the default first (its figures are the top-level ones). */
  variants: PackSize[];
  createdAt: Date;
  updatedAt: Date;
}

export type LeanProduct = Product & { _id: { toString(): string } };

/** One pack size's own stock: the seller's toggle and its counted units. */
export interface PackStockState {
  id: string;
  label: string;
  listed: boolean;
  onHand: number | null;
}

/** What decides a product's availability: kept beside its view, so it can be computed again when a hold lapses. */
export interface StockState {
  /** The default size's toggle and count (what the spec's fields say). */
  listed: boolean;
  onHand: number | null;
  /** Every size's holds, each naming its size. */
  holds: StockHold[];
  lowStockThreshold: number;
  /** Per pack size, the default first (absent in a copy saved before pack sizes: one size, the product's own id). */
  sizes?: PackStockState[];
}

/** The label a product stored before pack sizes gets for its one size: its weight when that fits a label. */
export function defaultPackLabel(weight: string | undefined): string {
  const label = weight?.trim();
  return label && label.length <= 20 && label.toUpperCase() !== 'N/A' ? label : 'Regular';
}

/** A pack size as stored (or, for a product stored before pack sizes, the one size its top-level fields make). */
export interface StoredPackSize {
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

/** The product's pack sizes, the default first; a product stored before pack sizes has one, whose id is the product's own. */
export function packSizesOf(doc: LeanProduct): StoredPackSize[] {
  if (doc.variants?.length) {
    return doc.variants.map((v) => ({
      _id: String(v._id),
      label: v.label,
      price: v.price,
      offerPrice: v.offerPrice,
      ...(v.size?.amount ? { size: { amount: v.size.amount, unit: v.size.unit } } : {}),
      stock: typeof v.stock === 'number' ? v.stock : null,
      inStock: v.inStock ?? true,
      ...(v.sku ? { sku: v.sku } : {}),
      ...(v.barcode ? { barcode: v.barcode } : {}),
    }));
  }
  const size = quantityOfLabel(doc.weight);
  return [
    {
      _id: doc._id.toString(),
      label: defaultPackLabel(doc.weight),
      price: doc.price,
      offerPrice: doc.offerPrice,
      ...(size ? { size } : {}),
      stock: typeof doc.stock === 'number' ? doc.stock : null,
      inStock: doc.inStock ?? true,
    },
  ];
}

export function stockStateOf(doc: LeanProduct): StockState {
  const sizes = packSizesOf(doc);
  const defaultId = sizes[0]._id;
  return {
    listed: sizes[0].inStock,
    onHand: sizes[0].stock,
    holds: (doc.holds ?? []).map(({ ref, quantity, until, taken, at, variant }) => ({
      ref,
      quantity,
      until: until ?? null,
      taken: taken ?? false,
      at,
      variant: variant ?? defaultId,
    })),
    lowStockThreshold: doc.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    sizes: sizes.map((s) => ({ id: s._id, label: s.label, listed: s.inStock, onHand: s.stock })),
  };
}

/** The sizes of a state (one, named by the product's id, in a copy saved before pack sizes). */
export function sizesOfState(state: StockState, productId: string): PackStockState[] {
  return state.sizes?.length ? state.sizes : [{ id: productId, label: 'Regular', listed: state.listed, onHand: state.onHand }];
}

/** The holds of one size (a hold naming no size is the default's). */
export function holdsOf(state: StockState, sizeId: string, defaultId: string): StockHold[] {
  return state.holds.filter((h) => (h.variant ?? defaultId) === sizeId);
}

/** Whether any size is counted or any units are held (a change of its stock will write). */
export function isCountedOrHeld(state: StockState): boolean {
  return state.onHand !== null || state.holds.length > 0 || (state.sizes ?? []).some((s) => s.onHand !== null);
}

/** Only the public fields, with a string id; availability as of `now`. */
export function toView(doc: LeanProduct, now: number = Date.now()): ProductView {
  const view: ProductView = {
    _id: doc._id.toString(),
    name: doc.name,
    description: doc.description ?? [],
    category: doc.category,
    price: doc.price,
    offerPrice: doc.offerPrice,
    image: doc.image ?? [],
    inStock: doc.inStock ?? true,
    stock: null,
    variants: packSizesOf(doc),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
  if (doc.weight) view.weight = doc.weight;
  if (doc.searchWords?.length) view.searchWords = doc.searchWords;
  if (doc.hsn) view.hsn = doc.hsn;
  if (typeof doc.gstRate === 'number') view.gstRate = doc.gstRate;
  // Keys in the order the JSON has always had them, `variants` after the spec's fields.
  const { variants, createdAt, updatedAt, ...rest } = view;
  return withAvailability({ ...rest, variants, createdAt, updatedAt }, stockStateOf(doc), now);
}

/** The view with each size's `stock` and `inStock` as they are at `now`, the top-level ones the default size's. */
export function withAvailability(view: ProductView, state: StockState, now: number = Date.now()): ProductView {
  const sizes = sizesOfState(state, view._id);
  const defaultId = sizes[0].id;
  const byId = new Map(sizes.map((s) => [s.id, s]));
  const variants = (
    view.variants?.length ? view.variants : [{ _id: view._id, label: 'Regular', price: view.price, offerPrice: view.offerPrice, stock: null, inStock: true }]
  ).map((v) => {
    const own = byId.get(v._id);
    if (!own) return v;
    const stock = availableUnits(own.onHand, holdsOf(state, own.id, defaultId), now);
    return { ...v, stock, inStock: own.listed && (stock === null || stock > 0) };
  });
  return { ...view, stock: variants[0].stock, inStock: variants[0].inStock, variants };
}

function packStockView(state: StockState, size: PackStockState, defaultId: string, now: number): Omit<SellerPackStockView, 'variantId' | 'label'> {
  const holds = holdsOf(state, size.id, defaultId);
  const available = availableUnits(size.onHand, holds, now);
  return {
    listed: size.listed,
    onHand: size.onHand,
    held: size.onHand === null ? 0 : heldUnits(holds, now),
    available,
    lowStockThreshold: state.lowStockThreshold,
    runningLow: available !== null && available <= state.lowStockThreshold,
  };
}

export function sellerStockView(productId: string, state: StockState, now: number = Date.now()): SellerStockView {
  const sizes = sizesOfState(state, productId);
  const defaultId = sizes[0].id;
  return {
    productId,
    ...packStockView(state, sizes[0], defaultId, now),
    variants: sizes.map((size) => ({ variantId: size.id, label: size.label, ...packStockView(state, size, defaultId, now) })),
  };
}
