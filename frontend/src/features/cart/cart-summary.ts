import { priceCart, type PriceBreakdown, type ProductView } from '@greencart/domain';
import type { CartItems } from './cart-logic';

type PricedProduct = Pick<ProductView, '_id' | 'offerPrice' | 'inStock'> & { stock?: number | null };

export interface CartLine<P extends PricedProduct = ProductView> {
  product: P;
  quantity: number;
  /** offerPrice × quantity, in paise, through the shared pricing function. */
  subtotalPaise: number;
}

export interface CartSummary<P extends PricedProduct = ProductView> {
  lines: CartLine<P>[];
  /** Price of the lines that can be ordered (in stock). */
  price: PriceBreakdown;
  /** Cart entries the shop no longer sells. */
  unavailableIds: string[];
  /** Lines that cannot be had at all now (the seller's toggle, or a counted product sold out). */
  outOfStockIds: string[];
  /** Lines asking for more than is left of a counted product (fixed by lowering the quantity). */
  shortIds: string[];
}

/** Join the cart with its loaded products and price what can be ordered. */
export function summarizeCart<P extends PricedProduct>(items: CartItems, products: readonly P[]): CartSummary<P> {
  const byId = new Map(products.map((product) => [product._id, product]));
  const lines: CartLine<P>[] = [];
  const unavailableIds: string[] = [];
  const outOfStockIds: string[] = [];
  const shortIds: string[] = [];

  for (const [productId, quantity] of Object.entries(items)) {
    const product = byId.get(productId);
    if (!product) {
      unavailableIds.push(productId);
      continue;
    }
    if (!product.inStock) outOfStockIds.push(productId);
    else if (typeof product.stock === 'number' && product.stock < quantity) shortIds.push(productId);
    lines.push({ product, quantity, subtotalPaise: priceCart([{ offerPrice: product.offerPrice, quantity }]).subtotalPaise });
  }

  const price = priceCart(orderableLines({ lines }).map((line) => ({ offerPrice: line.product.offerPrice, quantity: line.quantity })));
  return { lines, price, unavailableIds, outOfStockIds, shortIds };
}

/** What an order can contain: the lines still sold and in stock (a line asking for more than is left is not, until lowered). */
export function orderableLines<P extends PricedProduct>({ lines }: Pick<CartSummary<P>, 'lines'>): CartLine<P>[] {
  return lines.filter((line) => line.product.inStock && (typeof line.product.stock !== 'number' || line.product.stock >= line.quantity));
}
