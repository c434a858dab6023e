/**
 * Who else still shows a product image after the product stops using it. Orders keep the image
 * URL of what was bought, so the seller removing a picture must not delete a file an order shows.
 * A token rather than a class: the orders module depends on the products module, not the reverse.
 */
export const IMAGE_REFERENCES = Symbol('IMAGE_REFERENCES');

export interface ImageReferences {
  /** The subset of `urls` that something still displays. */
  referencedImages(urls: readonly string[]): Promise<Set<string>>;
}
