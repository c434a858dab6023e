import {
  DEFAULT_SHOP_TAX,
  priceCart,
  priceCartIn,
  type PackSize,
  type ProductView,
  type ShopTaxView,
  type TaxedLineInputForCart,
  type TaxedPriceBreakdown,
} from '@greencart/domain';
import { readCartKey, sizeOfCartKey, type SizedProduct } from '@/lib/pack-sizes';
import type { CartItems } from './cart-logic';

/** What pricing reads of a product: its sizes, and its GST rate (issue 54, one for all its sizes). */
export type PricedProduct = SizedProduct & { gstRate?: number };

export interface CartLine<P extends PricedProduct = ProductView> {
  /** The cart key of this line: the product id (its default size) or `<productId>:<sizeId>`. */
  key: string;
  product: P;
  /** The pack size this line buys: its price, offer price and stock are the line's. */
  size: PackSize;
  quantity: number;
  /** The size's offerPrice × quantity, in paise, through the shared pricing function. */
  subtotalPaise: number;
}

export interface CartSummary<P extends PricedProduct = ProductView> {
  lines: CartLine<P>[];
  /** Price of the lines that can be ordered (in stock), in the shop's tax mode. */
  price: TaxedPriceBreakdown;
  /** Cart keys the shop no longer sells: the product, or the pack size of it, is gone. */
  unavailableKeys: string[];
  /** Lines that cannot be had at all now (the seller's toggle, or a counted size sold out). */
  outOfStockKeys: string[];
  /** Lines asking for more than is left of a counted size (fixed by lowering the quantity). */
  shortKeys: string[];
}

/** The product ids a cart needs loaded (one per product, whatever its sizes in the cart). */
export function cartProductIds(items: CartItems): string[] {
  const ids = new Set<string>();
  for (const key of Object.keys(items)) {
    const parsed = readCartKey(key);
    if (parsed) ids.add(parsed.productId);
  }
  return [...ids];
}

/** Join the cart with its loaded products (one line per pack size) and price what can be ordered, in the shop's tax mode. */
export function summarizeCart<P extends PricedProduct>(
  items: CartItems,
  products: readonly P[],
  tax: Pick<ShopTaxView, 'taxMode' | 'deliveryGstRate'> = DEFAULT_SHOP_TAX,
): CartSummary<P> {
  const byId = new Map(products.map((product) => [product._id.toLowerCase(), product]));
  const lines: CartLine<P>[] = [];
  const unavailableKeys: string[] = [];
  const outOfStockKeys: string[] = [];
  const shortKeys: string[] = [];

  for (const [key, quantity] of Object.entries(items)) {
    const parsed = readCartKey(key);
    const product = parsed && byId.get(parsed.productId.toLowerCase());
    const size = product && sizeOfCartKey(product, parsed.packSizeId);
    if (!product || !size) {
      unavailableKeys.push(key);
      continue;
    }
    if (!size.inStock) outOfStockKeys.push(key);
    else if (typeof size.stock === 'number' && size.stock < quantity) shortKeys.push(key);
    lines.push({ key, product, size, quantity, subtotalPaise: priceCart([{ offerPrice: size.offerPrice, quantity }]).subtotalPaise });
  }

  const price = priceCartIn(tax, pricedLinesOf(orderableLines({ lines })));
  return { lines, price, unavailableKeys, outOfStockKeys, shortKeys };
}

/** Lines as the shared pricing function takes them: each size's offer price, and the product's GST rate. */
export function pricedLinesOf(lines: readonly Pick<CartLine<PricedProduct>, 'product' | 'size' | 'quantity'>[]): TaxedLineInputForCart[] {
  return lines.map((line) => ({ offerPrice: line.size.offerPrice, quantity: line.quantity, gstRate: line.product.gstRate }));
}

/** What an order can contain: the lines still sold and in stock (a line asking for more than is left is not, until lowered). */
export function orderableLines<P extends PricedProduct>({ lines }: Pick<CartSummary<P>, 'lines'>): CartLine<P>[] {
  return lines.filter((line) => line.size.inStock && (typeof line.size.stock !== 'number' || line.size.stock >= line.quantity));
}

/**
 * The order request's line for a cart line: `variant` for a line whose key names its size, none for a plain product
 * id (the default size). The shop writes the default size under the plain id; a key naming it (from 'Buy again',
 * or another client) still names it, so it is sent as it is.
 */
export function orderItemOf(line: Pick<CartLine<SizedProduct>, 'key' | 'size' | 'quantity'> & { product: Pick<SizedProduct, '_id'> }): {
  product: string;
  variant?: string;
  quantity: number;
} {
  return readCartKey(line.key)?.packSizeId
    ? { product: line.product._id, variant: line.size._id, quantity: line.quantity }
    : { product: line.product._id, quantity: line.quantity };
}
