import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type HydratedDocument } from 'mongoose';
import { Catalogue } from './catalogue';
import type { ListProductsQuery } from './dto/list-products.query';
import type { PreparedBody } from '../common/http/prepared-body';
import { Product } from './schemas/product.schema';
import { toView, type LeanProduct, type ProductView } from './view';

export { toView, type LeanProduct, type ProductView } from './view';

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/**
 * Reads of the catalogue. The public lists come from the in-memory read model (Catalogue); what an
 * order or a cart is priced from is read from the database by `_id` (one look-up per product, which
 * every engine answers from its `_id` index), so it is never a moment behind another instance.
 */
@Injectable()
export class ProductsService {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly catalogue: Catalogue,
  ) {}

  /** The whole catalogue, oldest first (GET /api/productList), prepared once per change. */
  productList(): Promise<PreparedBody> {
    return this.catalogue.productList();
  }

  /** One page of the catalogue, filtered (GET /api/products), prepared once per change. */
  page(query: ListProductsQuery): Promise<PreparedBody> {
    return this.catalogue.page(query);
  }

  get catalogueVersion(): number {
    return this.catalogue.currentVersion;
  }

  /** Changes when what orders show of products (name, image, price) may have changed; not with stock. */
  get referenceVersion(): number {
    return this.catalogue.referenceVersion;
  }

  /** The whole catalogue as objects, oldest first. */
  async listAll(): Promise<ProductView[]> {
    return JSON.parse((await this.catalogue.productList()).identity.toString()).productsdata as ProductView[];
  }

  /** One product or 404 (the id is already validated as an ObjectId); one written around the app is read from the database. */
  async findById(id: string): Promise<ProductView> {
    const known = await this.catalogue.get(id.toLowerCase());
    if (known) return known;
    const doc = await this.products.findById(id).lean<LeanProduct>();
    if (!doc) throw new NotFoundException('Product not found');
    return toView(doc);
  }

  /** The products among `ids` that exist, in catalogue order; malformed ids are ignored. For cart and orders. */
  async findByIds(ids: readonly string[]): Promise<ProductView[]> {
    const valid = [...new Set(ids)].filter((id) => OBJECT_ID.test(id));
    // One `_id` look-up each: `_id: { $in }` may be answered by reading the whole collection (docs/database.md).
    const docs = await Promise.all(valid.map((id) => this.products.findById(id).lean<LeanProduct>()));
    return docs
      .filter((doc): doc is LeanProduct => !!doc)
      .map((doc) => toView(doc))
      .sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  }

  /** True when every id (duplicates allowed) names an existing product. */
  async exists(ids: readonly string[]): Promise<boolean> {
    const distinct = [...new Set(ids)];
    if (!distinct.every((id) => OBJECT_ID.test(id))) return false;
    return (await this.findByIds(distinct)).length === distinct.length;
  }

  /**
   * What orders show of their products (name, category, image, offerPrice), by id: from the catalogue,
   * or by `_id` from the database for one it does not hold (yet). Missing products are left out.
   */
  async referenceDocuments(ids: readonly string[]): Promise<Map<string, HydratedDocument<Product>>> {
    const found = new Map<string, HydratedDocument<Product>>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const view = await this.catalogue.get(id);
      if (view) found.set(id, this.reference(view));
      else if (OBJECT_ID.test(id)) missing.push(id);
    }
    for (const view of await this.findByIds(missing)) found.set(view._id, this.reference(view));
    return found;
  }

  /** A product document with the fields an order shows, as `populate('items.product', 'name category image offerPrice')` would give. */
  private reference(view: ProductView): HydratedDocument<Product> {
    const { name, category, image, offerPrice } = view;
    const doc = this.products.hydrate({ _id: new Types.ObjectId(view._id), name, category, image, offerPrice });
    // Mongoose recognises a manually populated path only for a document hydrated without a projection; drop the defaults it filled.
    doc.set({ description: undefined, inStock: undefined, stock: undefined, holds: undefined, returns: undefined, stockVersion: undefined });
    return doc;
  }
}
