import { availableUnits, DEFAULT_LOW_STOCK_THRESHOLD, heldUnits, type SellerStockView, type StockHold } from '@greencart/domain';
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
  createdAt: Date;
  updatedAt: Date;
}

export type LeanProduct = Product & { _id: { toString(): string } };

/** What decides a product's availability: kept beside its view, so it can be computed again when a hold lapses. */
export interface StockState {
  listed: boolean;
  onHand: number | null;
  holds: StockHold[];
  lowStockThreshold: number;
}

export function stockStateOf(doc: LeanProduct): StockState {
  return {
    listed: doc.inStock ?? true,
    onHand: typeof doc.stock === 'number' ? doc.stock : null,
    holds: (doc.holds ?? []).map(({ ref, quantity, until, taken, at }) => ({ ref, quantity, until: until ?? null, taken: taken ?? false, at })),
    lowStockThreshold: doc.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
  };
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
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
  if (doc.weight) view.weight = doc.weight;
  if (doc.searchWords?.length) view.searchWords = doc.searchWords;
  if (doc.hsn) view.hsn = doc.hsn;
  return withAvailability(view, stockStateOf(doc), now);
}

/** The view with `stock` and `inStock` as they are at `now`. */
export function withAvailability(view: ProductView, state: StockState, now: number = Date.now()): ProductView {
  const stock = availableUnits(state.onHand, state.holds, now);
  return { ...view, stock, inStock: state.listed && (stock === null || stock > 0) };
}

export function sellerStockView(productId: string, state: StockState, now: number = Date.now()): SellerStockView {
  const available = availableUnits(state.onHand, state.holds, now);
  return {
    productId,
    listed: state.listed,
    onHand: state.onHand,
    held: state.onHand === null ? 0 : heldUnits(state.holds, now),
    available,
    lowStockThreshold: state.lowStockThreshold,
    runningLow: available !== null && available <= state.lowStockThreshold,
  };
}
