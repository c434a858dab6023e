import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, type QueryFilter } from 'mongoose';
import type { ListProductsQuery } from './dto/list-products.query';
import { categoriesContaining } from '@greencart/domain';
import { Product } from './schemas/product.schema';

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
  createdAt: Date;
  updatedAt: Date;
}

export interface ProductPage {
  products: ProductView[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** Oldest first; _id breaks ties so pages never overlap or skip. */
const CATALOGUE_ORDER = { createdAt: 1, _id: 1 } as const;
const OBJECT_ID = /^[0-9a-f]{24}$/i;

@Injectable()
export class ProductsService {
  constructor(@InjectModel(Product.name) private readonly products: Model<Product>) {}

  /** The whole catalogue, oldest first (GET /api/productList). */
  async listAll(): Promise<ProductView[]> {
    const docs = await this.products.find().sort(CATALOGUE_ORDER).lean();
    return docs.map(toView);
  }

  /** One page of the catalogue, filtered (GET /api/products). */
  async list(query: ListProductsQuery): Promise<ProductPage> {
    const { page, limit } = query;
    const filter: QueryFilter<Product> = {};
    if (query.search) filter.name = { $regex: escapeRegex(query.search), $options: 'i' };
    if (query.category) filter.category = { $in: categoriesContaining(query.category) };
    if (query.inStock !== undefined) filter.inStock = query.inStock;
    if (query.ids) filter._id = { $in: query.ids };
    // Two queries rather than $facet, which FerretDB v1 lacks.
    const [total, docs] = await Promise.all([
      this.products.countDocuments(filter),
      this.products
        .find(filter)
        .sort(CATALOGUE_ORDER)
        .skip((page - 1) * limit)
        .limit(limit)
        .lean(),
    ]);
    return { products: docs.map(toView), total, page, limit, totalPages: Math.ceil(total / limit) };
  }

  /** One product or 404 (the id is already validated as an ObjectId). */
  async findById(id: string): Promise<ProductView> {
    const doc = await this.products.findById(id).lean();
    if (!doc) throw new NotFoundException('Product not found');
    return toView(doc);
  }

  /** The products among `ids` that exist, in catalogue order; malformed ids are ignored. For cart and orders. */
  async findByIds(ids: readonly string[]): Promise<ProductView[]> {
    const valid = [...new Set(ids)].filter((id) => OBJECT_ID.test(id));
    if (!valid.length) return [];
    const docs = await this.products
      .find({ _id: { $in: valid } })
      .sort(CATALOGUE_ORDER)
      .lean();
    return docs.map(toView);
  }

  /** True when every id (duplicates allowed) names an existing product. */
  async exists(ids: readonly string[]): Promise<boolean> {
    const distinct = [...new Set(ids)];
    if (!distinct.length) return true;
    if (!distinct.every((id) => OBJECT_ID.test(id))) return false;
    const found = await this.products.countDocuments({ _id: { $in: distinct } });
    return found === distinct.length;
  }
}

/** Makes user text match literally inside a regex (also valid for FerretDB's Go regexp engine). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
  return view;
}
