import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Types } from 'mongoose';
import { PACK_SIZE_UNITS, PRODUCT_CATEGORIES, type PackSizeUnit, type ProductCategory } from '@greencart/domain';

/** Units set aside on the product (see StockHold in the domain package). */
@Schema({ _id: false, versionKey: false })
export class ProductHold {
  @Prop({ type: String, required: true }) ref: string;
  @Prop({ required: true }) quantity: number;
  @Prop({ type: Date }) until?: Date;
  @Prop({ type: Boolean }) taken?: boolean;
  @Prop({ type: Date, required: true }) at: Date;
  /** The pack size whose units these are; absent: the default (first) pack size. */
  @Prop({ type: String }) variant?: string;
}
const ProductHoldSchema = SchemaFactory.createForClass(ProductHold);

/** Units given back to the count for a cancelled order (once per order: a retried cancel finds its mark). */
@Schema({ _id: false, versionKey: false })
export class ProductReturn {
  @Prop({ type: String, required: true }) ref: string;
  @Prop({ type: Date, required: true }) at: Date;
  /** The pack size given back to; absent: the default (first) pack size. */
  @Prop({ type: String }) variant?: string;
}
const ProductReturnSchema = SchemaFactory.createForClass(ProductReturn);

/** Rupees with at most two decimals (paise), never negative. */
const rupees = {
  validator: (value: number) => Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
  message: '{PATH} must be an amount in rupees with at most 2 decimals',
};

/** How much one pack holds ("500 g"), from which the shop shows a unit price. */
@Schema({ _id: false, versionKey: false })
export class PackQuantityDoc {
  @Prop({ required: true }) amount: number;
  @Prop({ type: String, required: true, enum: PACK_SIZE_UNITS }) unit: PackSizeUnit;
}
const PackQuantitySchema = SchemaFactory.createForClass(PackQuantityDoc);

/**
 * One pack size (issue 37) with its own prices and counted stock. The first in the array is the
 * product's default, which the top-level price, offerPrice, stock, weight and inStock repeat. A product
 * stored before pack sizes reads as one size whose `_id` is the product's own (see packSizesOf).
 */
@Schema({ versionKey: false })
export class ProductVariant {
  _id: Types.ObjectId;
  @Prop({ type: String, required: true, trim: true, minlength: 1, maxlength: 20 }) label: string;
  @Prop({ required: true, validate: rupees }) price: number;
  @Prop({ required: true, validate: rupees }) offerPrice: number;
  @Prop({ type: PackQuantitySchema }) size?: PackQuantityDoc;
  /** Counted units on hand (held ones included); null: not counted. */
  @Prop({ type: Number, default: null }) stock?: number | null;
  /** The seller's toggle for this size. */
  @Prop({ type: Boolean, default: true }) inStock: boolean;
  /** The seller's code for this size, unique in the shop (issue 38); absent when none. */
  @Prop({ type: String }) sku?: string;
  /** The EAN-8, UPC-A or EAN-13 on its pack; absent when none. */
  @Prop({ type: String }) barcode?: string;
}
const ProductVariantSchema = SchemaFactory.createForClass(ProductVariant);

@Schema({ timestamps: true, versionKey: false })
export class Product {
  @Prop({ required: true, trim: true, minlength: 1, maxlength: 120 })
  name: string;

  /** Lines of the 'About Product' list. */
  @Prop({ type: [String], default: [] })
  description: string[];

  @Prop({ type: String, required: true, enum: PRODUCT_CATEGORIES })
  category: ProductCategory;

  @Prop({ required: true, validate: rupees })
  price: number;

  @Prop({
    required: true,
    validate: [
      rupees,
      {
        // On documents only: in update queries `this` is the query and price is checked by the service.
        validator(this: { price?: unknown }, value: number) {
          return typeof this.price !== 'number' || value <= this.price;
        },
        message: 'offerPrice must not be higher than price',
      },
    ],
  })
  offerPrice: number;

  /** Image URLs (`/api/images/<id>`), first one shown on cards; at most 4. */
  @Prop({ type: [String], default: [], validate: { validator: (urls: string[]) => urls.length <= 4, message: 'A product has at most 4 images' } })
  image: string[];

  @Prop({ default: true })
  inStock: boolean;

  /** Free text such as '500 g' or '1 L'; shown as 'N/A' when absent. */
  @Prop({ trim: true, maxlength: 40 })
  weight?: string;

  /** Counted units on hand (held ones included); absent or null: the product is not counted (the spec's behaviour). */
  @Prop({ type: Number, default: null })
  stock?: number | null;

  /** Units held by open online checkouts, and units taken by orders being placed (see StockService). */
  @Prop({ type: [ProductHoldSchema], default: [] })
  holds: ProductHold[];

  /** Recent give-backs, so a cancel retried never gives units back twice. */
  @Prop({ type: [ProductReturnSchema], default: [] })
  returns: ProductReturn[];

  /** The seller sees "running low" at this many units; absent: DEFAULT_LOW_STOCK_THRESHOLD. */
  @Prop({ type: Number })
  lowStockThreshold?: number;

  /** Bumped by every stock write: the compare-and-set of one change at a time. */
  @Prop({ type: Number, default: 0 })
  stockVersion: number;
  /** Other names shoppers type for it (a local name, a brand), used by search; absent when none. */
  @Prop({ type: [String], default: undefined })
  searchWords?: string[];
  /** HSN code (4–8 digits) printed on tax invoices; absent when the seller gave none. */
  @Prop({ type: String, trim: true })
  hsn?: string;
  /** GST rate in percent (issue 54), for all its sizes; absent when the seller gave none (not sold in `gst` mode). */
  @Prop({ type: Number })
  gstRate?: number;
  /** The pack sizes, 1 to 8, the default first; absent on a product stored before pack sizes (migrated at start-up). */
  @Prop({ type: [ProductVariantSchema], default: undefined })
  variants?: ProductVariant[];

  createdAt: Date;
  updatedAt: Date;
}

export type ProductDocument = HydratedDocument<Product>;
export const ProductSchema = SchemaFactory.createForClass(Product);

// Every listing sorts by (createdAt, _id); the filters narrow it by category or stock first.
ProductSchema.index({ createdAt: 1, _id: 1 });
ProductSchema.index({ category: 1, createdAt: 1, _id: 1 });
ProductSchema.index({ inStock: 1, createdAt: 1, _id: 1 });
