import type { ProductErrors, ProductField } from './product-form';

/** The order the form's fields come in: the first message shown is the first field's. */
const FIELD_ORDER: readonly ProductField[] = [
  'images',
  'name',
  'description',
  'category',
  'price',
  'offerPrice',
  'weight',
  'sku',
  'barcode',
  'sizes',
  'hsn',
  'gstRate',
  'searchWords',
  'stock',
  'lowStockThreshold',
];

/** The server's field names (in `productData`) → the form's, for messages the server gives per field. */
export const PRODUCT_FIELDS = [
  'name',
  'description',
  'category',
  'price',
  'offerPrice',
  'weight',
  'hsn',
  'gstRate',
  'searchWords',
  'stock',
  'lowStockThreshold',
  'variants',
] as const;
type ServerProductField = (typeof PRODUCT_FIELDS)[number];

/** Field messages people can act on, for what the server refuses (its own words name request fields: "offerPrice must be …"). */
export function readableProductErrors(fields: Partial<Record<ServerProductField, string>>): ProductErrors {
  const labels: Record<ServerProductField, string> = {
    name: 'Product name',
    description: 'Product description',
    category: 'Category',
    price: 'Product price',
    offerPrice: 'Offer price',
    weight: 'Weight',
    hsn: 'HSN code',
    gstRate: 'GST rate',
    stock: 'Units in stock',
    lowStockThreshold: 'Running low at',
    searchWords: 'Search words',
    variants: 'Pack sizes',
  };
  const errors: ProductErrors = {};
  for (const field of PRODUCT_FIELDS) {
    const message = fields[field];
    // The server's word for the pack sizes is `variants`; the form shows them as 'sizes'.
    if (message) errors[field === 'variants' ? 'sizes' : field] = message.replace(new RegExp(`^(productData\\.)?${field}\\b`), labels[field]);
  }
  return errors;
}

export function firstProductError(errors: ProductErrors): string | undefined {
  for (const field of FIELD_ORDER) if (errors[field]) return errors[field];
  return undefined;
}
