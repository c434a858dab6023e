import type { Types } from 'mongoose';
import type { StockLine } from '../products/stock.service';
import type { OrderItem } from './schemas/order.schema';

/** Whose units an order takes on the products: `order:<id>`. */
export function orderStockRef(orderId: Types.ObjectId | string): string {
  return `order:${String(orderId)}`;
}

/** Whose units a packing change's substitutes take: `order:<id>:adj:<key>` (see OrderStatusChanges.sweepStock). */
export function adjustmentStockRef(orderId: string, key: string): string {
  return `${orderStockRef(orderId)}:adj:${key}`;
}

/** An order's lines as units on the products (a line's product may be filled in already). */
export function stockLines(items: readonly OrderItem[]): StockLine[] {
  return items.map((item) => ({
    productId: String((item.product as { _id?: unknown } | null)?._id ?? item.product),
    ...(item.variant ? { variantId: item.variant } : {}),
    quantity: item.quantity,
  }));
}
