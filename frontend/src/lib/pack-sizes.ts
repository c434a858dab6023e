import { cartKey, parseCartKey, type PackSize, type ProductView } from '@greencart/domain';

/** What the pack-size helpers read of a product (a full product, or a copy in an older cache without `variants`). */
export type SizedProduct = Pick<ProductView, '_id' | 'offerPrice' | 'inStock'> & { price?: number; stock?: number | null; variants?: readonly PackSize[] };

/** A product's pack sizes in the seller's order; a copy without `variants` (cached before pack sizes) is its one size. */
export function packSizesOf(product: SizedProduct): readonly PackSize[] {
  if (product.variants?.length) return product.variants;
  return [
    {
      _id: product._id,
      label: '',
      price: product.price ?? product.offerPrice,
      offerPrice: product.offerPrice,
      stock: product.stock ?? null,
      inStock: product.inStock,
    },
  ];
}

/** A shopper can buy the product while any of its sizes is in stock. */
export function isBuyable(product: SizedProduct): boolean {
  return packSizesOf(product).some((size) => size.inStock);
}

/** The size chosen when a product is shown: the first that can be bought, else the default (first). */
export function firstBuyableSize(product: SizedProduct): PackSize {
  const sizes = packSizesOf(product);
  return sizes.find((size) => size.inStock) ?? sizes[0]!;
}

/** The cart key of a size: the plain product id for the default (first) size, `<productId>:<sizeId>` for the others. */
export function sizeCartKey(product: SizedProduct, sizeId: string): string {
  return packSizesOf(product)[0]?._id === sizeId ? product._id : cartKey(product._id, sizeId);
}

/**
 * The product and size a cart key names (the domain's parseCartKey); a plain key that is not an ObjectId is
 * still a product id, as carts read it before pack sizes. Undefined for a malformed `id:size` key.
 */
export function readCartKey(key: string): { productId: string; packSizeId?: string } | undefined {
  return parseCartKey(key) ?? (key && !key.includes(':') ? { productId: key } : undefined);
}

/** The size of `product` a cart key names: its default for a plain id; undefined when the size no longer exists. */
export function sizeOfCartKey(product: SizedProduct, packSizeId: string | undefined): PackSize | undefined {
  const sizes = packSizesOf(product);
  return packSizeId === undefined ? sizes[0] : sizes.find((size) => size._id.toLowerCase() === packSizeId);
}
