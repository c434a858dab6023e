import type { Logger } from '@nestjs/common';
import type { OutgoingHttpHeaders } from 'node:http';
import { prepare, prepareSync, type PreparedBody } from '../common/http/prepared-body';
import { AnswerBook, replayableHeaders, type AnswerSource, type RememberedAnswer } from '../common/http/remembered-answers';
import type { Entry } from './catalogue-entry';
import type { ListProductsQuery } from './dto/list-products.query';
import { searchInfoJson, type SearchAnswer } from './search/product-search-index';

/** Answers of /api/products kept per change: the most asked pages, searches and categories. */
const PAGE_CACHE_SIZE = 500;

/**
 * The catalogue's prepared answers: the whole list and the pages, each serialised and compressed once
 * per change, and what was sent for each exact URL (for catalogueFastPath).
 */
export class CatalogueAnswers implements AnswerSource {
  private fullList: { version: number; body: Promise<PreparedBody> } | undefined;
  /** The last full list whose compression finished, to answer while the next one is prepared after a stock-only change. */
  private readyList: { version: number; body: PreparedBody } | undefined;
  /** The version of the last change that was not availability only: a ready list older than it is never served. */
  private fullChangeVersion = 0;
  private readonly pages = new Map<string, PreparedBody>();
  /** Answers by exact URL, for catalogueFastPath. */
  private readonly book = new AnswerBook(PAGE_CACHE_SIZE);

  constructor(private readonly logger: Logger) {}

  /** The catalogue is at `version` now; `full` when more than availability changed. */
  changed(version: number, full: boolean): void {
    if (full) this.fullChangeVersion = version;
    this.pages.clear();
    this.book.changed(version, full);
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

  /** Keeps what the full pipeline answered for `url` (when the catalogue is still at `version`). */
  remember(url: string, version: number, body: PreparedBody, headers: OutgoingHttpHeaders): void {
    const list = body === this.readyList?.body;
    this.book.set(url, { version, body, headers: replayableHeaders(headers), ...(list ? { list } : {}) });
  }

  remembered(url: string): RememberedAnswer | undefined {
    return this.book.remembered(url);
  }

  /**
   * After a change of availability, the whole-catalogue answers are given again with the next bytes as
   * soon as they are compressed, without waiting for a request to take the full pipeline.
   */
  refreshLists(list: () => Promise<PreparedBody>): void {
    const urls = this.book.staleLists();
    if (!urls.length) return;
    void list()
      .then(async () => {
        const pending = this.fullList;
        if (!pending) return;
        const body = await pending.body;
        for (const url of urls) {
          const answer = this.book.remembered(url);
          if (answer?.list) this.book.set(url, { ...answer, version: pending.version, body });
        }
      })
      .catch((error: Error) => this.logger.warn(`Could not prepare the catalogue again: ${error.message}`));
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
