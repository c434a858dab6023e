import type { Types } from 'mongoose';
import type { Order } from './schemas/order.schema';

/**
 * An order as other modules see it: its stored fields and `_id`, without the database document's
 * methods (an order handed out is still a document underneath, so the API serialises it the same way).
 */
export interface OrderRecord extends Order {
  _id: Types.ObjectId;
}

/** The shapes of an order's address and lines, for modules that keep a copy of them (checkouts). */
export type { OrderAddress, OrderItem } from './schemas/order.schema';
