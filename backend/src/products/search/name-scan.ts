/**
 * The spec's first search rule, kept as the last resort of the index: the products whose lower-case
 * name contains the typed text ("ato" in "Tomatoes"), found by one scan of all names run together with
 * NUL between them (which no text can hold), built again after a change.
 */
export class NameScan<T extends { lowerName: string }> {
  private names: { text: string; starts: number[]; products: T[] } | undefined;

  /** The catalogue changed: the next scan joins the names again. */
  clear(): void {
    this.names = undefined;
  }

  /** The products (of `all()`) whose lower-case name contains `text`. */
  containing(text: string, all: () => Iterable<T>): T[] {
    if (!this.names) {
      const products = [...all()];
      const starts: number[] = [];
      let at = 0;
      for (const product of products) {
        starts.push(at);
        at += product.lowerName.length + 1;
      }
      this.names = { text: products.map((product) => product.lowerName).join('\0'), starts, products };
    }
    const { text: joined, starts, products } = this.names;
    const found: T[] = [];
    for (let at = joined.indexOf(text); at !== -1;) {
      // The name holding this place: the last one starting at or before it.
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle] <= at) low = middle;
        else high = middle - 1;
      }
      found.push(products[low]);
      at = low + 1 < starts.length ? joined.indexOf(text, starts[low + 1]) : -1;
    }
    return found;
  }
}
