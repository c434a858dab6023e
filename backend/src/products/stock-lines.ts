import { availableUnits, nameWithSize, notEnoughMessage } from '@greencart/domain';
import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import type { ProductSoldOutEvent } from './product.events';
import { packSizesOf, type LeanProduct } from './view';

/*
 * What stock changes are made of, apart from how StockService writes them: the lines a change asks for,
 * the errors it answers with, and the pure rules over lines and products.
 */

/** Units of one product's pack size (absent: its default size) an order line or a checkout asks for. */
export interface StockLine {
  productId: string;
  variantId?: string;
  quantity: number;
}

/** A counted product has fewer units available than asked: 409 "Only 1 Desi Tomatoes left" / "… is sold out". */
export class NotEnoughStock extends ConflictException {
  constructor(
    readonly productId: string,
    readonly productName: string,
    readonly left: number,
    sized = false,
  ) {
    super(notEnoughMessage(productName, left, { sized }));
  }
}

/** An order line or a checkout names a pack size the product does not have (any more). */
export class UnknownPackSize extends BadRequestException {
  constructor(readonly productName: string) {
    super(`${productName} is not sold in that pack size any more; choose another size`);
  }
}

/** A stock change names a product that is not in the catalogue (any more): 404 "Product not found". */
export class ProductGone extends NotFoundException {
  constructor(readonly productId: string) {
    super('Product not found');
  }
}

/** Lines one per product and pack size, in product order (every caller takes the products' locks in the same order). */
export function byProduct(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.productId}:${line.variantId ?? ''}`;
    const seen = merged.get(key);
    merged.set(key, { ...line, quantity: (seen?.quantity ?? 0) + line.quantity });
  }
  const order = (line: StockLine) => `${line.productId}:${line.variantId ?? ''}`;
  return [...merged.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

/** The first pack size a write left without units to buy (it had some before): said as sold out. */
export function soldOutSize(before: LeanProduct, after: LeanProduct, now: number): ProductSoldOutEvent | undefined {
  const sizesBefore = packSizesOf(before);
  const sizesAfter = packSizesOf(after);
  const available = (doc: LeanProduct, size: { _id: string; stock: number | null }, defaultId: string) =>
    availableUnits(
      size.stock,
      (doc.holds ?? []).filter((h) => (h.variant ?? defaultId) === size._id),
      now,
    );
  for (const size of sizesAfter) {
    const was = sizesBefore.find((z) => z._id === size._id);
    if (!was) continue;
    const then = available(before, was, sizesBefore[0]._id);
    if (then !== null && then > 0 && available(after, size, sizesAfter[0]._id) === 0) {
      return { productId: String(after._id), name: sizesAfter.length > 1 ? nameWithSize(after.name, size.label) : after.name };
    }
  }
  return undefined;
}
