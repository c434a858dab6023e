import { skuKey } from '@greencart/domain';
import type { SearchableProduct } from './search-answer';

/** A pack size a code names. */
export interface CodeHit {
  id: string;
  variant: string;
  /** Its product has several pack sizes (the answer then names this one). */
  several: boolean;
}

/** The SKUs and barcodes of the catalogue's pack sizes, each looked up exactly (a SKU in any case). */
export class ProductCodes {
  private readonly byCode = new Map<string, CodeHit[]>();
  private readonly ofProduct = new Map<string, string[]>();

  put(product: SearchableProduct): void {
    this.drop(product._id);
    const sizes = product.variants ?? [];
    const codes: string[] = [];
    for (const size of sizes) {
      for (const code of [size.sku && skuKey(size.sku), size.barcode]) {
        if (!code) continue;
        codes.push(code);
        const hits = this.byCode.get(code) ?? [];
        hits.push({ id: product._id, variant: size._id, several: sizes.length > 1 });
        this.byCode.set(code, hits);
      }
    }
    if (codes.length) this.ofProduct.set(product._id, codes);
  }

  drop(id: string): void {
    for (const code of this.ofProduct.get(id) ?? []) {
      const hits = this.byCode.get(code)?.filter((hit) => hit.id !== id) ?? [];
      if (hits.length) this.byCode.set(code, hits);
      else this.byCode.delete(code);
    }
    this.ofProduct.delete(id);
  }

  /** The pack sizes whose SKU (upper-cased) or barcode is `code`. */
  find(code: string): readonly CodeHit[] {
    return this.byCode.get(code) ?? [];
  }
}
