import type { Logger } from '@nestjs/common';
import type { Entry } from './catalogue-entry';
import { ProductSearchIndex } from './search/product-search-index';
import type { ProductView } from './view';

/** The catalogue's search index (issue 21): kept current with every change; built again after every full load. */
export class CatalogueSearch {
  private readonly index = new ProductSearchIndex();
  private stale = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly entries: () => Iterable<Entry>,
  ) {}

  put(view: ProductView): void {
    if (!this.stale) this.index.put(view);
  }

  drop(id: string): void {
    if (!this.stale) this.index.drop(id);
  }

  search(text: string) {
    if (this.stale) this.build();
    return this.index.search(text);
  }

  /** Indexes the whole catalogue again: soon after a full load (so the first search finds it ready), or at the first search. */
  buildSoon(): void {
    this.stale = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.build(), 0);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private build(): void {
    clearTimeout(this.timer);
    const started = performance.now();
    this.index.rebuild([...this.entries()].map((e) => e.view));
    this.stale = false;
    this.logger.log(`Search index built: ${this.index.size} products in ${Math.round(performance.now() - started)} ms`);
  }
}
