import { priceCart, type PriceBreakdown } from '@pricing';
import type { CartItems } from './cart-logic';

interface PricedProduct {
  _id: string;
  offerPrice: number;
  inStock: boolean;
}

export interface CartLine<P extends PricedProduct> {
  product: P;
  quantity: number;
  /** offerPrice × quantity, in paise, through the shared pricing function. */
  subtotalPaise: number;
}

export interface CartSummary<P extends PricedProduct> {
  lines: CartLine<P>[];
  /** Price of the lines that can be ordered (in stock). */
  price: PriceBreakdown;
  /** Cart entries the shop no longer sells. */
  unavailableIds: string[];
  outOfStockIds: string[];
}

/** Join the cart with its loaded products and price what can be ordered. */
export function summarizeCart<P extends PricedProduct>(items: CartItems, products: readonly P[]): CartSummary<P> {
  const byId = new Map(products.map((product) => [product._id, product]));
  const lines: CartLine<P>[] = [];
  const unavailableIds: string[] = [];
  const outOfStockIds: string[] = [];

  for (const [productId, quantity] of Object.entries(items)) {
    const product = byId.get(productId);
    if (!product) {
      unavailableIds.push(productId);
      continue;
    }
    if (!product.inStock) outOfStockIds.push(productId);
    lines.push({ product, quantity, subtotalPaise: priceCart([{ offerPrice: product.offerPrice, quantity }]).subtotalPaise });
  }

  const price = priceCart(lines.filter((line) => line.product.inStock).map((line) => ({ offerPrice: line.product.offerPrice, quantity: line.quantity })));
  return { lines, price, unavailableIds, outOfStockIds };
}
