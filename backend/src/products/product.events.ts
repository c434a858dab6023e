/** A product left the catalogue (the seller deleted it); published after the delete. */
export const PRODUCT_REMOVED = 'product.removed';

export interface ProductRemovedEvent {
  productId: string;
  name: string;
  /** Its pack sizes' ids (carts name a size other than the default as "productId:sizeId"). */
  variantIds?: string[];
}

/** A counted product's available units reached 0 (an order or a checkout took the last ones). */
export const PRODUCT_SOLD_OUT = 'product.sold-out';

export interface ProductSoldOutEvent {
  productId: string;
  name: string;
}

declare module '../common/events/domain-events' {
  interface DomainEventMap {
    [PRODUCT_REMOVED]: ProductRemovedEvent;
    [PRODUCT_SOLD_OUT]: ProductSoldOutEvent;
  }
}
