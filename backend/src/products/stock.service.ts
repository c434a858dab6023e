import { availableUnits, nameWithSize, type StockHold } from '@greencart/domain';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ItemFailed, WriteBatchers } from '../common/batching/write-batcher';
import { DomainEvents } from '../common/events/domain-events';
import { LocksService } from '../common/locks/locks.service';
import { Catalogue } from './catalogue';
import { PRODUCT_SOLD_OUT, type ProductSoldOutEvent } from './product.events';
import { byProduct, NotEnoughStock, ProductGone, soldOutSize, UnknownPackSize, type StockLine } from './stock-lines';
import { Product, type ProductHold, type ProductReturn } from './schemas/product.schema';
import { packSizesOf, type LeanProduct } from './view';

export { NotEnoughStock, ProductGone, UnknownPackSize, type StockLine } from './stock-lines';

/** A change that acts on every pack size of the product at once (release, settle, sweep, threshold). */
const EVERY_SIZE = '*';

/** A taken marker older than this belongs to an order whose placing stopped half-way (see OrdersService's sweep). */
export const STALE_TAKE_MS = 60_000;
/** Give-back marks are kept this long: a cancel is not retried weeks later. */
const RETURNS_KEPT_MS = 30 * 24 * 3600_000;
const SWEEP_MS = 60_000;
const MAX_ATTEMPTS = 60;
const BUSY = 'Many shoppers are buying this product right now; please try again';

/** One pack size's stock as a change sees it (every size's holds and returns for a change of EVERY_SIZE). */
interface StockNow {
  onHand: number | null;
  holds: ProductHold[];
  returns: ProductReturn[];
  listed: boolean;
  /** The product's name, with the size's label when it has several sizes. */
  name: string;
  /** Whether the product has several sizes (its messages name the size). */
  sized: boolean;
}

interface StockChange {
  onHand?: number | null;
  holds?: ProductHold[];
  returns?: ProductReturn[];
  lowStockThreshold?: number;
}

/**
 * The product owns its count: orders and payments ask it to take, hold, release and give back units.
 * Every change of one product's stock is one at a time (the product's lock, which its other edits take
 * too) and a compare-and-set on `stockVersion`; a change that would leave fewer units than asked is
 * refused before anything is written. Units held by an online checkout lapse at the checkout's expiry
 * (computed when read). Units taken for an order stay marked on the product until the order is known to
 * be stored, so a placing that stopped half-way is put right (OrdersService's sweep).
 */
@Injectable()
export class StockService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(StockService.name);
  /** Orders known to be stored, per product: their taken markers go with the product's next write. */
  private readonly confirmed = new Map<string, Set<string>>();
  /** Changes of one product asked while another is being written: written together next (see mutate). */
  private readonly changes = new WriteBatchers<Waiting, Mutated>({ maxBatch: Infinity, write: (productId, batch) => this.writeBatch(productId, batch) });
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly locks: LocksService,
    private readonly catalogue: Catalogue,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.pruneLapsedHolds().catch((error: Error) => this.logger.warn(`Stock sweep: ${error.message}`)), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /**
   * Takes the units of an order's lines off their counts (uncounted products: nothing), all or none:
   * a line that cannot be had gives back what this call took and refuses with NotEnoughStock. With
   * `fromHold`, the units a checkout held count as this order's. Returns the lines this call took.
   */
  async take(ref: string, lines: readonly StockLine[], options: { fromHold?: string } = {}): Promise<StockLine[]> {
    const taken: StockLine[] = [];
    try {
      for (const line of byProduct(lines)) {
        const { changed } = await this.mutate(
          line.productId,
          (s, now) => {
            if (s.onHand === null) return null;
            // The same order's units are already taken (a retried placing): nothing more.
            if (s.holds.some((h) => h.ref === ref && h.taken)) return null;
            const own = options.fromHold ? s.holds.find((h) => h.ref === options.fromHold && !h.taken) : undefined;
            const others = s.holds.filter((h) => h !== own);
            const left = s.listed ? (availableUnits(s.onHand, others, now) ?? 0) : 0;
            if (left < line.quantity) throw new NotEnoughStock(line.productId, s.name, left, s.sized);
            return { onHand: s.onHand - line.quantity, holds: [...others, { ref, quantity: line.quantity, taken: true, at: new Date(now) }] };
          },
          { variant: line.variantId },
        );
        if (changed) taken.push(line);
      }
    } catch (error) {
      await this.untake(ref, taken).catch((undo: Error) => this.logger.error(`Could not give back units of ${ref}: ${undo.message}`));
      throw error;
    }
    return taken;
  }

  /** The order `ref` is stored: its taken markers go with each product's next write (no write of its own). */
  confirm(ref: string, productIds: readonly string[]): void {
    for (const productId of productIds) {
      const refs = this.confirmed.get(productId) ?? new Set<string>();
      refs.add(ref);
      this.confirmed.set(productId, refs);
    }
  }

  /** The order `ref` is known to be stored: its taken markers are written away now (the sweep's way of confirming). */
  async settle(ref: string, productIds: readonly string[]): Promise<void> {
    for (const productId of [...new Set(productIds)].sort()) {
      await this.mutate(
        productId,
        (s) => (s.holds.some((h) => h.ref === ref && h.taken) ? { holds: s.holds.filter((h) => !(h.ref === ref && h.taken)) } : null),
        { variant: EVERY_SIZE },
      ).catch((error: unknown) => {
        if (!(error instanceof NotFoundException)) throw error;
      });
    }
  }

  /** Gives back the units `take` took for `ref` (its order was not stored). Once: a second call finds no marker. */
  async untake(ref: string, lines: readonly StockLine[]): Promise<void> {
    for (const line of byProduct(lines)) {
      await this.mutate(
        line.productId,
        (s) => {
          const marker = s.holds.find((h) => h.ref === ref && h.taken);
          if (!marker) return null;
          const holds = s.holds.filter((h) => h !== marker);
          return s.onHand === null ? { holds } : { onHand: s.onHand + marker.quantity, holds };
        },
        { variant: line.variantId },
      );
    }
  }

  /** Holds units for an online checkout until `until`, all lines or none (NotEnoughStock). */
  async hold(ref: string, lines: readonly StockLine[], until: Date): Promise<void> {
    const held: StockLine[] = [];
    try {
      for (const line of byProduct(lines)) {
        const { changed } = await this.mutate(
          line.productId,
          (s, now) => {
            if (s.onHand === null || s.holds.some((h) => h.ref === ref)) return null;
            const left = s.listed ? (availableUnits(s.onHand, s.holds, now) ?? 0) : 0;
            if (left < line.quantity) throw new NotEnoughStock(line.productId, s.name, left, s.sized);
            return { holds: [...s.holds, { ref, quantity: line.quantity, until, at: new Date(now) }] };
          },
          { variant: line.variantId },
        );
        if (changed) held.push(line);
      }
    } catch (error) {
      await this.release(
        ref,
        held.map((line) => line.productId),
      ).catch((undo: Error) => this.logger.error(`Could not release the hold of ${ref}: ${undo.message}`));
      throw error;
    }
  }

  /** The checkout `ref` failed: its units are available again at once. */
  async release(ref: string, productIds: readonly string[]): Promise<void> {
    for (const productId of [...new Set(productIds)].sort()) {
      await this.mutate(
        productId,
        (s) => (s.holds.some((h) => h.ref === ref && !h.taken) ? { holds: s.holds.filter((h) => h.ref !== ref || h.taken) } : null),
        {
          variant: EVERY_SIZE,
        },
      );
    }
  }

  /** A cancelled order's units go back on the count, once per order whatever is retried. */
  async giveBack(orderId: string, lines: readonly StockLine[]): Promise<void> {
    const ref = `return:${orderId}`;
    for (const line of byProduct(lines)) {
      await this.mutate(
        line.productId,
        (s, now) => {
          if (s.onHand === null || s.returns.some((r) => r.ref === ref)) return null;
          return { onHand: s.onHand + line.quantity, returns: [...s.returns, { ref, at: new Date(now) }] };
        },
        { variant: line.variantId },
      ).catch((error: unknown) => {
        // A product (or pack size) removed since: nothing to give back to.
        if (!(error instanceof NotFoundException) && !(error instanceof UnknownPackSize)) throw error;
      });
    }
  }

  /**
   * The seller's count: a whole number of units on hand (held ones included), or null to stop counting
   * (which forgets every hold). Shown everywhere at once.
   */
  async setCount(productId: string, stock: number | null, variant?: string): Promise<LeanProduct> {
    const { doc } = await this.mutate(
      productId,
      (s) => {
        if (stock === null) return s.onHand === null && !s.holds.length ? null : { onHand: null, holds: [], returns: [] };
        return s.onHand === stock ? null : { onHand: stock };
      },
      { immediate: true, variant },
    );
    return doc;
  }

  /** The seller's "running low" threshold of one product. */
  async setLowStockThreshold(productId: string, threshold: number): Promise<LeanProduct> {
    const { doc } = await this.mutate(productId, () => ({ lowStockThreshold: threshold }), { immediate: true, variant: EVERY_SIZE });
    return doc;
  }

  /** Taken markers older than STALE_TAKE_MS (placings that stopped half-way), from the catalogue in memory. */
  async staleTakes(now: number = Date.now()): Promise<{ ref: string; line: StockLine }[]> {
    const stale: { ref: string; line: StockLine }[] = [];
    for (const view of await this.catalogue.sellerStockStates()) {
      for (const hold of view.state.holds) {
        if (hold.taken && hold.at && now - new Date(hold.at).getTime() > STALE_TAKE_MS) {
          stale.push({ ref: hold.ref, line: { productId: view.productId, ...(hold.variant ? { variantId: hold.variant } : {}), quantity: hold.quantity } });
        }
      }
    }
    return stale;
  }

  /** Writes away holds that lapsed (their units are available already: this only keeps the products small). */
  private async pruneLapsedHolds(): Promise<void> {
    const now = Date.now();
    for (const { productId, state } of await this.catalogue.sellerStockStates()) {
      if (state.holds.some((h: StockHold) => !h.taken && h.until && new Date(h.until).getTime() <= now)) {
        await this.mutate(productId, () => null, { variant: EVERY_SIZE }).catch((error: Error) =>
          this.logger.warn(`Could not prune holds of ${productId}: ${error.message}`),
        );
      }
    }
  }

  /**
   * One change of a product's stock: under the product's lock, read, compute (`change` may refuse by
   * throwing, or return null for "nothing to do"), write with a compare-and-set on `stockVersion`, retried
   * when another instance won (MongoDB). Lapsed holds and markers of confirmed orders go with every write.
   * Changes of one product asked on this instance while another is being written wait in memory and are
   * then written together: one lock, one read, one compare-and-set write for the lot (each change sees the
   * units the ones before it left), so fifty shoppers buying the same product are one queue in memory,
   * not fifty lock documents polled on the database. A product that needs no write (not counted, nothing
   * to prune) is read once without taking its lock.
   */
  private mutate(
    productId: string,
    change: (stock: StockNow, now: number) => StockChange | null,
    { immediate = false, variant }: { immediate?: boolean; variant?: string } = {},
  ): Promise<Mutated> {
    if (!Types.ObjectId.isValid(productId)) return Promise.reject(new BadRequestException(`Product ${productId} does not exist`));
    return this.changes.add(productId, { change, immediate, variant });
  }

  /** Writes a batch of one product's changes; a change refused (NotEnoughStock) fails alone. Sold out: said before they are answered. */
  private async writeBatch(productId: string, batch: readonly Waiting[]): Promise<(Mutated | ItemFailed)[]> {
    const { soldOut, results } = await this.write(productId, batch);
    if (soldOut) await this.events.publish(PRODUCT_SOLD_OUT, soldOut);
    return results.map((result) => (result instanceof Error ? new ItemFailed(result) : result));
  }

  /** Applies the batch's changes in turn to one read of the product and writes the outcome once. */
  private async write(productId: string, batch: readonly Waiting[]): Promise<{ soldOut?: ProductSoldOutEvent; results: (Mutated | Error)[] }> {
    const _id = new Types.ObjectId(productId);
    const plan = (doc: LeanProduct) => {
      const now = Date.now();
      const sizes = packSizesOf(doc);
      const defaultId = sizes[0]._id;
      const sized = sizes.length > 1;
      const counts = new Map(sizes.map((size) => [size._id, size.stock]));
      let holds: ProductHold[] = doc.holds ?? [];
      let returns: ProductReturn[] = doc.returns ?? [];
      let lowStockThreshold: number | undefined;
      let changedAny = false;
      const outcomes = batch.map((entry): boolean | Error => {
        const every = entry.variant === EVERY_SIZE;
        const size = every ? sizes[0] : sizes.find((z) => z._id === (entry.variant ?? defaultId));
        if (!size) return new UnknownPackSize(doc.name);
        // A change of one size sees that size's holds and returns (a hold naming no size is the default's).
        const mine = (mark: { variant?: string }) => every || (mark.variant ?? defaultId) === size._id;
        const current: StockNow = {
          onHand: counts.get(size._id) ?? null,
          holds: holds.filter(mine),
          returns: returns.filter(mine),
          listed: size.inStock,
          name: sized ? nameWithSize(doc.name, size.label) : doc.name,
          sized,
        };
        let next: StockChange | null;
        try {
          next = entry.change(current, now);
        } catch (error) {
          if (error instanceof NotEnoughStock) return error;
          throw error;
        }
        if (!next) return false;
        changedAny = true;
        const tagged = <T extends { variant?: string }>(marks: T[]): T[] => (every ? marks : marks.map((mark) => ({ ...mark, variant: size._id })));
        if (next.onHand !== undefined && !every) counts.set(size._id, next.onHand);
        if (next.holds) holds = [...holds.filter((h) => !mine(h)), ...tagged(next.holds)];
        if (next.returns) returns = [...returns.filter((r) => !mine(r)), ...tagged(next.returns)];
        if (next.lowStockThreshold !== undefined) lowStockThreshold = next.lowStockThreshold;
        return true;
      });
      const confirmed = this.confirmed.get(productId);
      const before = { holds: doc.holds ?? [], returns: doc.returns ?? [] };
      holds = holds.filter((h) => !(h.taken && confirmed?.has(h.ref)) && (h.taken || !h.until || new Date(h.until).getTime() > now));
      returns = returns.filter((r) => now - new Date(r.at).getTime() < RETURNS_KEPT_MS);
      const needsWrite = changedAny || holds.length !== before.holds.length || returns.length !== before.returns.length;
      const set: Record<string, unknown> = { holds, returns };
      if (sizes.some((size) => counts.get(size._id) !== size.stock)) {
        // The default size's count is the spec's `stock` too.
        set.stock = counts.get(defaultId) ?? null;
        if (doc.variants?.length) set.variants = doc.variants.map((v) => ({ ...v, stock: counts.get(String(v._id)) ?? null }));
      }
      if (lowStockThreshold !== undefined) set.lowStockThreshold = lowStockThreshold;
      return { now, outcomes, needsWrite, set, confirmed };
    };
    const answer = (doc: LeanProduct, outcomes: (boolean | Error)[]) => outcomes.map((o) => (o instanceof Error ? o : { doc, changed: o }));

    // Most orders are for products that are not counted: one read, no lock, no write. One the catalogue
    // knows as counted (or holding units) is read under its lock only: a glance would be read again there.
    let glance: LeanProduct | undefined;
    if (!this.catalogue.countedOrHeld(productId)) {
      glance = (await this.products.findById(_id).lean<LeanProduct>()) ?? undefined;
      if (!glance) throw new ProductGone(productId);
      const first = plan(glance);
      if (!first.needsWrite) return { results: answer(glance, first.outcomes) };
    }

    return this.locks.run(`product:${productId}`, { busyMessage: BUSY, waitMs: 8_000, staleMs: 30_000 }, async () => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const doc = attempt === 0 && glance && !this.locks.usesLockDocuments ? glance : await this.products.findById(_id).lean<LeanProduct>();
        if (!doc) throw new ProductGone(productId);
        const { now, outcomes, needsWrite, set, confirmed } = plan(doc);
        if (!needsWrite) return { results: answer(doc, outcomes) };
        const version = doc.stockVersion ?? 0;
        const saved = await this.products
          .findOneAndUpdate(
            this.locks.guarded({ _id, stockVersion: version === 0 ? { $in: [0, null] } : version }),
            { $set: set, $inc: { stockVersion: 1 } },
            { returnDocument: 'after' },
          )
          .lean<LeanProduct>();
        if (!saved) {
          await sleep(1 + Math.random() * 8 * Math.min(attempt + 1, 5));
          continue;
        }
        if (confirmed) {
          for (const ref of confirmed) if (!saved.holds?.some((h) => h.ref === ref)) confirmed.delete(ref);
          if (!confirmed.size) this.confirmed.delete(productId);
        }
        const soldOut = soldOutSize(doc, saved, now);
        if (batch.some((entry) => entry.immediate)) await this.catalogue.put(saved);
        else this.catalogue.putStock(saved);
        return { soldOut, results: answer(saved, outcomes) };
      }
      throw new ConflictException(BUSY);
    });
  }
}

interface Waiting {
  change: (stock: StockNow, now: number) => StockChange | null;
  immediate: boolean;
  /** The pack size it changes: absent for the default, EVERY_SIZE for a change of the whole product. */
  variant?: string;
}

/** A change written: the product as it is now, and whether this change changed it. */
interface Mutated {
  doc: LeanProduct;
  changed: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
