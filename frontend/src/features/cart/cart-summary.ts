import { priceCart, type PriceBreakdown, type ProductView } from '@greencart/domain';
import type { CartItems } from './cart-logic';

type PricedProduct = Pick<ProductView, '_id' | 'offerPrice' | 'inStock'>;

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

  const price = priceCart(orderableLines({ lines }).map((line) => ({ offerPrice: line.product.offerPrice, quantity: line.quantity })));
  return { lines, price, unavailableIds, outOfStockIds };
}

/** What an order can contain: the lines still sold and in stock. */
export function orderableLines<P extends PricedProduct>({ lines }: Pick<CartSummary<P>, 'lines'>): CartLine<P>[] {
  return lines.filter((line) => line.product.inStock);
}
