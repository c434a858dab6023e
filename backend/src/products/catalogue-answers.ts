import { prepare, prepareSync, type PreparedBody } from '../common/http/prepared-body';
import type { Entry } from './catalogue-entry';
import type { ListProductsQuery } from './dto/list-products.query';
import { searchInfoJson, type SearchAnswer } from './search/product-search-index';

/** Answers of /api/products kept per change: the most asked pages, searches and categories. */
const PAGE_CACHE_SIZE = 500;

/**
 * The catalogue's prepared answers: the whole list and the pages, each serialised and compressed once
 * per change. They are bodies only: every request still passes the whole pipeline (helmet, CORS, the
 * rate limit, validation), which sets its headers.
 */
export class CatalogueAnswers {
  private fullList: { version: number; body: Promise<PreparedBody> } | undefined;
  /** The last full list whose compression finished, to answer while the next one is prepared after a stock-only change. */
  private readyList: { version: number; body: PreparedBody } | undefined;
  /** The version of the last change that was not availability only: a ready list older than it is never served. */
  private fullChangeVersion = 0;
  private readonly pages = new Map<string, PreparedBody>();

  /** The catalogue is at `version` now; `full` when more than availability changed. */
  changed(version: number, full: boolean): void {
    if (full) this.fullChangeVersion = version;
    this.pages.clear();
  }

  /** `{ success, productsdata }` with every product of `ordered`, prepared once per version. */
  list(version: number, ordered: () => Entry[]): Promise<PreparedBody> {
    if (this.fullList?.version !== version) {
      const json = `{"success":true,"productsdata":[${ordered()
        .map((e) => e.json)
        .join(',')}]}`;
      const body = prepare(json);
      this.fullList = { version, body };
      body.then(
        (ready) => {
          if ((this.readyList?.version ?? -1) < version) this.readyList = { version, body: ready };
        },
        () => {
          if (this.fullList?.version === version) this.fullList = undefined;
        },
      );
    }
    // Only availability changed since the last list that is ready: it answers (a second or so older, as the
    // coalescing already allows) while the new one is compressed, so orders never make the list wait.
    const ready = this.readyList;
    if (ready && ready.version !== version && ready.version >= this.fullChangeVersion) return Promise.resolve(ready.body);
    return this.fullList.body;
  }

  /** After a change of availability, a whole list asked for before is prepared again at once, not at its next request. */
  listAgain(version: number, ordered: () => Entry[]): void {
    if (this.fullList) this.list(version, ordered).catch(() => undefined);
  }

  /** The page answer for `key`, built by `json` the first time since the last change. */
  page(key: string, json: () => string): PreparedBody {
    const cached = this.pages.get(key);
    if (cached) {
      // Most recently used last, so the oldest entry is the first to go.
      this.pages.delete(key);
      this.pages.set(key, cached);
      return cached;
    }
    const body = prepareSync(json());
    if (this.pages.size >= PAGE_CACHE_SIZE) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, body);
    return body;
  }
}

/** The key a page of the filtered catalogue is kept under. */
export function pageKey(q: ListProductsQuery): string {
  return JSON.stringify([q.search?.toLowerCase() ?? null, q.category?.toLowerCase() ?? null, q.inStock ?? null, q.ids ?? null, q.page, q.limit]);
}

/** One page of `matches` as `{ success, products, total, page, limit, totalPages }` (and what a search understood). */
export function pageJson(matches: Entry[], answer: SearchAnswer | undefined, { page, limit }: ListProductsQuery): string {
  const slice = matches.slice((page - 1) * limit, page * limit);
  return `{"success":true,"products":[${slice.map((e) => e.json).join(',')}],"total":${matches.length},"page":${page},"limit":${limit},"totalPages":${Math.ceil(matches.length / limit)}${searchInfoJson(
    answer,
    slice.map((e) => e.view._id),
  )}}`;
}
