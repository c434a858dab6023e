import { MAX_LINE_QUANTITY, nameWithSize, notEnoughMessage, type OrderLineView } from '@greencart/domain';
import { packSizesOf, sizeCartKey, type SizedProduct } from '@/lib/pack-sizes';

/** What "Buy again" puts in the cart, and what it could not, in the shopper's words. */
export interface BuyAgain {
  /** Cart keys (each size's one key) and quantities to add. */
  lines: { key: string; quantity: number }[];
  /** "Desi Tomatoes is sold out", "Amul Butter 500 g is not sold any more", "Only 2 × Aashirvaad Atta 5 kg left". */
  notAdded: string[];
}

type Product = SizedProduct & { name: string };

/**
 * The lines of an order as they were ordered (`ordered`, not what packing supplied; substitutes left out), each
 * under its size's one cart key, against the products as they are now: a product or size no longer sold and a
 * size sold out are not added and are said; a counted size with fewer left is added as far as it goes.
 */
export function buyAgain(items: readonly OrderLineView[], products: readonly Product[]): BuyAgain {
  const byId = new Map(products.map((product) => [product._id, product]));
  const wanted = new Map<string, number>();
  const notAdded: string[] = [];
  for (const item of items) {
    if (item.substituteFor !== undefined) continue;
    const quantity = item.ordered ?? item.quantity;
    if (quantity <= 0) continue;
    const name = nameWithSize(item.name || item.product?.name || 'Product', item.label);
    const product = item.product ? byId.get(item.product._id) : undefined;
    const sizes = product ? packSizesOf(product) : [];
    const size = !item.variant || item.variant === product?._id ? sizes[0] : sizes.find((s) => s._id === item.variant);
    if (!product || !size) {
      notAdded.push(`${name} is not sold any more`);
      continue;
    }
    const left = typeof size.stock === 'number' ? size.stock : Infinity;
    if (!size.inStock || left <= 0) {
      notAdded.push(notEnoughMessage(name, 0));
      continue;
    }
    const key = sizeCartKey(product, size._id);
    const total = Math.min((wanted.get(key) ?? 0) + quantity, MAX_LINE_QUANTITY);
    if (total > left) notAdded.push(notEnoughMessage(name, left, { sized: sizes.length > 1 }));
    wanted.set(key, Math.min(total, left));
  }
  return { lines: [...wanted].map(([key, quantity]) => ({ key, quantity })), notAdded };
}
