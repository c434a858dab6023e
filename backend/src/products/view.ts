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
  searchWords?: string[];
  createdAt: Date;
  updatedAt: Date;
}

export type LeanProduct = Product & { _id: { toString(): string } };

/** Only the public fields, with a string id. */
export function toView(doc: LeanProduct): ProductView {
  const view: ProductView = {
    _id: doc._id.toString(),
    name: doc.name,
    description: doc.description ?? [],
    category: doc.category,
    price: doc.price,
    offerPrice: doc.offerPrice,
    image: doc.image ?? [],
    inStock: doc.inStock ?? true,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
  if (doc.weight) view.weight = doc.weight;
  if (doc.searchWords?.length) view.searchWords = doc.searchWords;
  return view;
}
