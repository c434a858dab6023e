import { nameWithSize, skuKey } from '@greencart/domain';
import type { Entry } from './catalogue-entry';

/** Who has a SKU: the product, its pack size and how the seller reads them ("Aashirvaad Atta 5 kg"). */
export interface SkuOwner {
  productId: string;
  variantId: string;
  name: string;
}

/** The pack size among `entries` whose SKU is `sku` in any case, or undefined (a scan: thousands of products, microseconds). */
export function skuOwnerIn(entries: Iterable<Entry>, sku: string): SkuOwner | undefined {
  const key = skuKey(sku);
  for (const { view } of entries) {
    for (const size of view.variants) {
      if (size.sku && skuKey(size.sku) === key) {
        return { productId: view._id, variantId: size._id, name: `"${view.variants.length > 1 ? nameWithSize(view.name, size.label) : view.name}"` };
      }
    }
  }
  return undefined;
}
