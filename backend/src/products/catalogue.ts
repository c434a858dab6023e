import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { categoriesContaining, type SellerStockView } from '@greencart/domain';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { startupWork } from '../common/startup/background-work';
import type { PreparedBody } from '../common/http/prepared-body';
import type { ListProductsQuery } from './dto/list-products.query';
import { CatalogueAnswers, pageJson, pageKey } from './catalogue-answers';
import { ChangeWatchers, StockAnnouncer, TOPIC, type CatalogueChange, type ChangeMessage } from './catalogue-messages';
import { HoldExpiry } from './hold-expiry';
import { skuOwnerIn, type SkuOwner } from './catalogue-codes';
import { byCatalogueOrder, entryOf, sameEntries, toEntry, type Entry } from './catalogue-entry';
import { CatalogueSearch } from './catalogue-search';
import { CatalogueSnapshot, STOCK_SNAPSHOT_DELAY_MS } from './catalogue-snapshot';
import { Product } from './schemas/product.schema';
import type { SearchAnswer } from './search/product-search-index';
import { buyable } from './search/search-answer';
import { isCountedOrHeld, sellerStockView, withAvailability, type LeanProduct, type ProductView, type StockState } from './view';

export { SNAPSHOT_DIR_VARIABLE } from './catalogue-snapshot';

/** Work the catalogue's first read from the database waits for (`until`), started by a hold. */
export interface FirstReadWork {
  until: Promise<void>;
}
/** Asked before the first read: the work it started, or undefined when there is none. */
export type FirstReadHold = () => Promise<FirstReadWork | undefined>;

/**
 * Availability changed by orders and checkouts reaches the prepared lists at most this late: selling a
 * unit must not re-serialise and re-compress the whole catalogue per order. A product read by id
 * (`get`, the product page, pricing) is current at once; orders are checked against the database anyway.
 */
export const STOCK_COALESCE_MS = 1_000;

/** Products per batch of the start-up read (the driver's default, 101, means a round trip per 101 products). */
const LOAD_BATCH = 5_000;

/**
 * The catalogue read model: every product in memory (a grocery catalogue is thousands, not millions),
 * loaded once at start-up and kept current by the writers of this instance (SellerProductsService,
 * the demo seeder) and, with REDIS_URL, by the other instances' messages on a pub/sub channel (each
 * names a product id, which is then read again by `_id`). The public lists are serialised and
 * compressed once per change (CatalogueAnswers), a copy is kept on disk (CatalogueSnapshot) and the
 * search index follows every change (CatalogueSearch). The same on every database engine: the only
 * queries are a full read and reads by `_id`.
 */
@Injectable()
export class Catalogue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Catalogue');
  private entries = new Map<string, Entry>();
  private sorted: Entry[] | undefined;
  private loaded: Promise<void> | undefined;
  private readonly snapshot = new CatalogueSnapshot(this.logger, () => this.entries.values());
  /** Only the very first load may come from the copy; every later one reads the database. */
  private snapshotUsable = true;
  private readonly answers = new CatalogueAnswers();
  /** Told of every change once every answer shows it (the open pages' pushes: CatalogueGateway). */
  private readonly watchers = new ChangeWatchers(this.logger);
  /** Products whose availability changed, shown in the lists at the next stock flush. */
  private readonly waiting = new Set<string>();
  private readonly search = new CatalogueSearch(this.logger, () => this.entries.values());
  private stopped = false;
  /** Changes made while a full read is under way, applied on top of what it read. */
  private journal: [string, Entry | null][] | undefined;
  /** Bumped on every change: prepared answers of an older version are dropped. */
  private version = 0;
  /** Bumped on changes of what orders show of a product (not on stock changes): see referenceVersion. */
  private references = 0;
  /** A coalesced availability change waiting to reach the prepared lists. */
  private stockFlush: NodeJS.Timeout | undefined;
  /** Products whose availability this instance changed, announced to the others in one message. */
  private readonly announcer: StockAnnouncer;
  private readonly expiry = new HoldExpiry(
    () => this.entries.values(),
    (now) => this.expireHolds(now),
  );
  /** Asked before the database is first read whether some work must be done first (an import stopped half-way: see holdFirstRead). */
  private readonly firstReadHolds: FirstReadHold[] = [];
  private firstReadHeld = false;
  /** The work the holds started, once they were asked. */
  private firstReadWork: Promise<Promise<void>[]> | undefined;
  /** Resolves when a hold says the first read waits for work it started. */
  private readonly heldBack: Promise<void>;
  private holdBack: () => void = () => undefined;
  /** Full reads made while the catalogue is served, one after the other. */
  private rereading: Promise<void> = Promise.resolve();

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly cluster: ClusterBus,
  ) {
    this.heldBack = new Promise<void>((resolve) => (this.holdBack = resolve));
    this.announcer = new StockAnnouncer(cluster, this.logger);
    cluster.subscribe<ChangeMessage>(TOPIC, {
      message: (message) => {
        // `ids`: availability changed (orders, holds); `id`: a product written (shown at once, as on its instance).
        const refreshes = [...(message.ids ?? []).map((id) => this.refresh(id, true)), ...(message.id ? [this.refresh(message.id, false)] : [])];
        const work = message.reload ? this.reload() : Promise.all(refreshes).then(() => undefined);
        work.catch((error: Error) => {
          this.logger.warn(`Catalogue update from another instance failed (${error.message}); reading everything again`);
          // Retry as a full read, so a change is never missed for long.
          setTimeout(() => void this.reload().catch(() => undefined), 1_000).unref();
        });
      },
      // Messages may have been lost while Redis was away: read everything again.
      resync: () => void this.reload().catch((error: Error) => this.logger.warn(`Catalogue reload failed: ${error.message}`)),
    });
  }

  async onModuleInit(): Promise<void> {
    // A database away at start-up does not stop the shop: the first request loads it.
    const loading = this.ready().catch((error: Error) => this.logger.warn(`Catalogue not loaded at start-up: ${error.message}`));
    // Read before the shop listens, unless the first read waits for work a hold started (an import left
    // half-way): then in the background, so that no start-up waits for an import; requests wait meanwhile.
    const first = await Promise.race([loading.then(() => 'read' as const), this.heldBack.then(() => 'held' as const)]);
    if (first === 'held') void startupWork('catalogue read once the import left half-way is seen to', loading);
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    clearTimeout(this.stockFlush);
    this.watchers.stop();
    this.announcer.stop();
    this.expiry.stop();
    this.search.stop();
  }

  /** Resolves once the catalogue is in memory (loading it if needed; a failed load is retried by the next caller). */
  ready(): Promise<void> {
    this.loaded ??= this.loadAll().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  /**
   * Reads every product again (Redis back after an outage, writes made around the app, an import done).
   * What is in memory is served until the new reading replaces it whole.
   */
  async reload(): Promise<void> {
    const loading = this.loaded;
    if (!loading) return this.ready();
    const read = Promise.all([loading, this.rereading].map((p) => p.catch(() => undefined))).then(() => this.readDatabase());
    this.rereading = read;
    await read;
  }

  /**
   * `hold` is asked (once it answers) before the catalogue is first read from the database; the work it
   * says it started is waited for by that read and by the requests that need the catalogue, never by
   * the start-up. Registered before start-up.
   */
  holdFirstRead(hold: FirstReadHold): void {
    this.firstReadHolds.push(hold);
  }

  get size(): number {
    return this.entries.size;
  }

  /** A product written (or re-read) by this instance: in the catalogue at once, and announced to the others. */
  async put(doc: LeanProduct): Promise<ProductView> {
    const view = this.apply(doc);
    await this.cluster.publish(TOPIC, { id: view._id } satisfies ChangeMessage);
    return view;
  }

  /**
   * A product whose availability this instance changed (an order took units, a checkout held them): the
   * product is current at once, the lists within STOCK_COALESCE_MS, the other instances are told in
   * one message for the changes of a moment.
   */
  putStock(doc: LeanProduct): ProductView {
    const view = this.apply(doc, true);
    this.announcer.add(view._id);
    return view;
  }

  /** The seller's view of every counted product's stock (and the listed flag of the others). */
  async sellerStock(): Promise<SellerStockView[]> {
    await this.ready();
    const now = Date.now();
    return this.ordered().map((e) => sellerStockView(e.view._id, e.state, now));
  }

  /** The stock state of every counted product (and of any product with holds), for the stock sweeps. */
  async sellerStockStates(): Promise<{ productId: string; state: StockState }[]> {
    await this.ready();
    const states: { productId: string; state: StockState }[] = [];
    for (const entry of this.entries.values()) if (isCountedOrHeld(entry.state)) states.push({ productId: entry.view._id, state: entry.state });
    return states;
  }

  /** A product removed by this instance. */
  async remove(id: string): Promise<void> {
    this.drop(id);
    await this.cluster.publish(TOPIC, { id } satisfies ChangeMessage);
  }

  /** Everything around the app (seed:large, scripts) tells the instances to read it all again. */
  async announceReload(): Promise<void> {
    await this.reload();
    await this.cluster.publish(TOPIC, { reload: true } satisfies ChangeMessage);
  }

  /** Whether the catalogue knows `id` as counted or holding units (a change of its stock will write); undefined when it does not hold it. */
  countedOrHeld(id: string): boolean | undefined {
    const state = this.entries.get(id)?.state;
    return state && isCountedOrHeld(state);
  }

  /** The pack size that has `sku` (in any case), or undefined: SKUs are unique in the shop (issue 38). */
  skuOwner(sku: string): SkuOwner | undefined {
    return skuOwnerIn(this.entries.values(), sku);
  }

  /** One product, or undefined when the catalogue does not have it. */
  async get(id: string): Promise<ProductView | undefined> {
    await this.ready();
    return this.entries.get(id)?.view;
  }

  /** `{ success, productsdata }` with every product, oldest first: serialised and compressed once per change. */
  async productList(): Promise<PreparedBody> {
    await this.ready();
    return this.answers.list(this.version, () => this.ordered());
  }

  /** One page of the filtered catalogue as `{ success, products, total, page, limit, totalPages }` (and `correctedQuery`, `droppedWords` for a search understood otherwise than typed). */
  async page(query: ListProductsQuery): Promise<PreparedBody> {
    await this.ready();
    return this.answers.page(pageKey(query), () => {
      const { matches, answer } = this.filter(query);
      return pageJson(matches, answer, query);
    });
  }

  /** The version of the catalogue now (changes with every product change). */
  get currentVersion(): number {
    return this.version;
  }

  /** Changes only when what an order shows of a product may have changed (name, image, price…), not with its stock. */
  get referenceVersion(): number {
    return this.references;
  }

  /** `listener` hears of every change of this instance's catalogue (its own writes and the other instances'), once its answers show it. */
  watch(listener: (change: CatalogueChange) => void): () => void {
    return this.watchers.add(listener);
  }

  /** The filtered products: a search's answers best first (see ProductSearchIndex), otherwise in catalogue order. */
  private filter(query: ListProductsQuery): { matches: Entry[]; answer?: SearchAnswer } {
    const categories = query.category ? new Set<string>(categoriesContaining(query.category)) : undefined;
    const ids = query.ids ? new Set(query.ids.map((id) => id.toLowerCase())) : undefined;
    let source: Entry[];
    let answer: SearchAnswer | undefined;
    if (query.search) {
      answer = this.search.search(query.search);
      source = answer.ids.map((id) => this.entries.get(id)).filter((e): e is Entry => e !== undefined);
      if (ids) source = source.filter((e) => ids.has(e.view._id));
    } else {
      source = ids ? this.ordered().filter((e) => ids.has(e.view._id)) : this.ordered();
    }
    if (!categories && query.inStock === undefined) return { matches: source, answer };
    const matches = source.filter(
      (e) => (!categories || categories.has(e.view.category)) && (query.inStock === undefined || buyable(e.view) === query.inStock),
    );
    return { matches, answer };
  }

  private ordered(): Entry[] {
    this.sorted ??= [...this.entries.values()].sort(byCatalogueOrder);
    return this.sorted;
  }

  private async loadAll(): Promise<void> {
    const usable = this.snapshotUsable;
    this.snapshotUsable = false;
    if (usable && this.loadSnapshot()) {
      // What the copy says is served at once; the database's own answer replaces it when it arrives.
      const verify = (): Promise<void> =>
        this.readDatabase(true).catch((error: Error) => {
          if (this.stopped) return;
          this.logger.warn(`Catalogue not read from the database yet (${error.message}); trying again`);
          setTimeout(() => void verify(), 2_000).unref();
        });
      // Shown in /api/health as start-up work until the database has answered.
      void startupWork('catalogue read from the database', verify());
      return;
    }
    await this.readDatabase();
  }

  /** Fills the catalogue from the copy of an earlier run; false when there is none (or it cannot be read). */
  private loadSnapshot(): boolean {
    const started = Date.now();
    const entries = this.snapshot.load();
    if (!entries) return false;
    this.entries = entries;
    this.loadedAll();
    this.logger.log(`Catalogue from its copy: ${this.entries.size} products in ${Date.now() - started} ms; reading the database in the background`);
    return true;
  }

  /** `overCopy`: the catalogue serves its copy of an earlier run meanwhile. */
  private async readDatabase(overCopy = false): Promise<void> {
    if (!this.firstReadHeld) {
      try {
        for (const work of await this.heldWork()) await work;
      } catch (error) {
        // Asked again by the next read.
        this.firstReadWork = undefined;
        throw error;
      }
      this.firstReadHeld = true;
    }
    const started = Date.now();
    const journal: [string, Entry | null][] = [];
    this.journal = journal;
    let docs: LeanProduct[];
    try {
      // No sort: the embedded engine would sort in its own process (docs/database.md); the catalogue sorts itself.
      docs = await this.products.find().batchSize(LOAD_BATCH).lean<LeanProduct[]>();
    } finally {
      if (this.journal === journal) this.journal = undefined;
    }
    const entries = new Map<string, Entry>();
    for (const doc of docs) {
      const entry = toEntry(doc);
      entries.set(entry.view._id, entry);
    }
    for (const [id, entry] of journal) {
      if (entry) entries.set(id, entry);
      else entries.delete(id);
    }
    // The database agrees with the copy served meanwhile (a restart): nothing to prepare again.
    if (overCopy && sameEntries(this.entries, entries)) {
      this.logger.log(`Catalogue read from the database: ${entries.size} products, as its copy had them (${Date.now() - started} ms)`);
      return;
    }
    this.entries = entries;
    this.loadedAll();
    this.logger.log(`Catalogue loaded: ${entries.size} products in ${Date.now() - started} ms`);
  }

  /** Asks each hold once (again after a failure) and gives the work they started. */
  private heldWork(): Promise<Promise<void>[]> {
    this.firstReadWork ??= (async () => {
      const started: Promise<void>[] = [];
      for (const hold of this.firstReadHolds) {
        const work = await hold();
        if (work) started.push(work.until);
        // Waited for in turn by the read: a failure before its turn is not unhandled.
        work?.until.catch(() => undefined);
      }
      if (started.length) this.holdBack();
      return started;
    })().catch((error: unknown) => {
      this.firstReadWork = undefined;
      throw error;
    });
    return this.firstReadWork;
  }

  /** Everything was read anew (from the copy or the database). */
  private loadedAll(): void {
    this.watchers.everything();
    this.changed();
    this.expiry.schedule();
    this.search.buildSoon();
  }

  /** `availabilityOnly`: a write of units (orders, holds), shown in the lists within STOCK_COALESCE_MS when nothing else changed. */
  private apply(doc: LeanProduct, availabilityOnly = false): ProductView {
    const entry = toEntry(doc);
    const before = this.entries.get(entry.view._id);
    this.entries.set(entry.view._id, entry);
    this.journal?.push([entry.view._id, entry]);
    this.search.put(entry.view);
    if (availabilityOnly && before && before.base === entry.base) {
      this.waiting.add(entry.view._id);
      this.stockChanged();
    } else {
      this.watchers.note(entry.view._id);
      this.changed();
    }
    if (entry.expiresAt !== undefined || before?.expiresAt !== undefined) this.expiry.schedule();
    return entry.view;
  }

  private drop(id: string): void {
    this.journal?.push([id, null]);
    this.search.drop(id);
    if (!this.entries.delete(id)) return;
    this.watchers.note(id);
    this.changed();
  }

  private changed(): void {
    this.snapshot.saveSoon();
    this.version++;
    this.references++;
    this.sorted = undefined;
    this.answers.changed(this.version, true);
    clearTimeout(this.stockFlush);
    this.stockFlush = undefined;
    this.shownNow();
  }

  /** Every answer shows the changes so far (the lists were prepared anew): the watchers hear of them. */
  private shownNow(): void {
    for (const id of this.waiting) this.watchers.note(id);
    this.waiting.clear();
    this.watchers.soon(this.version);
  }

  /** Only availability changed: the prepared lists follow within STOCK_COALESCE_MS (one rebuild for every order of that moment). */
  private stockChanged(): void {
    this.stockFlush ??= setTimeout(() => {
      this.stockFlush = undefined;
      // The copy on disk is for a fast restart (availability is read again from the database then):
      // while units sell every second it is written every half minute, not every second.
      this.snapshot.saveSoon(STOCK_SNAPSHOT_DELAY_MS);
      this.version++;
      this.sorted = undefined;
      this.answers.changed(this.version, false);
      this.answers.listAgain(this.version, () => this.ordered());
      this.shownNow();
    }, STOCK_COALESCE_MS);
    this.stockFlush.unref?.();
  }

  /** Holds lapsed at `now`: availability computed again (see HoldExpiry). */
  private expireHolds(now: number): void {
    let changed = false;
    for (const [id, entry] of this.entries) {
      if (entry.expiresAt === undefined || entry.expiresAt > now) continue;
      const next = entryOf(withAvailability(entry.view, entry.state, now), entry.state, now);
      this.entries.set(id, next);
      this.search.put(next.view);
      this.waiting.add(id);
      changed = true;
    }
    if (changed) this.stockChanged();
  }

  /** Another instance changed product `id`: read it again by `_id` (gone: removed). */
  private async refresh(id: string, availabilityOnly: boolean): Promise<void> {
    if (!Types.ObjectId.isValid(id)) return;
    const doc = await this.products.findById(id).lean<LeanProduct>();
    if (doc) this.apply(doc, availabilityOnly);
    else this.drop(id);
  }
}
