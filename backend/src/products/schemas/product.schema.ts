import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument } from 'mongoose';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@greencart/domain';

/** Rupees with at most two decimals (paise), never negative. */
const rupees = {
  validator: (value: number) => Number.isFinite(value) && value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
  message: '{PATH} must be an amount in rupees with at most 2 decimals',
};

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

  /** Other names shoppers type for it (a local name, a brand), used by search; absent when none. */
  @Prop({ type: [String], default: undefined })
  searchWords?: string[];

  createdAt: Date;
  updatedAt: Date;
}

export type ProductDocument = HydratedDocument<Product>;
export const ProductSchema = SchemaFactory.createForClass(Product);

// Every listing sorts by (createdAt, _id); the filters narrow it by category or stock first.
ProductSchema.index({ createdAt: 1, _id: 1 });
ProductSchema.index({ category: 1, createdAt: 1, _id: 1 });
ProductSchema.index({ inStock: 1, createdAt: 1, _id: 1 });
