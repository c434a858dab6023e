/** A product left the catalogue (the seller deleted it); published after the delete. */
export const PRODUCT_REMOVED = 'product.removed';

export interface ProductRemovedEvent {
  productId: string;
  name: string;
}
