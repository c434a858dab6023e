import { availableUnits, type StockHold } from '@greencart/domain';
import { BadRequestException, Injectable, Logger, NotFoundException, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ItemFailed } from '../common/batching/write-batcher';
import { Counted, LOST, type Written } from '../common/counted/counted';
import { CountedSweep } from '../common/counted/counted-sweep';
import { Confirmations, giveBackMark, heldBy, isLive, isStale, settleMarks, takeAll } from '../common/counted/marks';
import { DomainEvents } from '../common/events/domain-events';
import { LocksService } from '../common/locks/locks.service';
import { Catalogue } from './catalogue';
import { PRODUCT_SOLD_OUT } from './product.events';
import { byProduct, NotEnoughStock, ProductGone, soldOutSize, UnknownPackSize, type StockLine } from './stock-lines';
import { EVERY_SIZE, planStock, type Mutated, type StockChange, type StockNow, type Waiting } from './stock-plan';
import { Product } from './schemas/product.schema';
import type { LeanProduct } from './view';

export { NotEnoughStock, ProductGone, UnknownPackSize, type StockLine } from './stock-lines';

const SWEEP_MS = 60_000;
const BUSY = 'Many shoppers are buying this product right now; please try again';

/**
 * The product owns its count: orders and payments ask it to take, hold, release and give back units,
 * each a counted thing's change (common/counted/counted.ts explains the model). Every change of one
 * product's stock is one at a time (the product's lock, which its other edits take too) and raises
 * `stockVersion`; a change that would leave fewer units than asked is refused before anything is written.
 * Units held by an online checkout lapse at the checkout's expiry (computed when read). Units taken for an
 * order stay marked on the product until the order is known to be stored, so a placing that stopped
 * half-way is put right (the counted things' sweep, to which this service describes its marks).
 */
@Injectable()
export class StockService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(StockService.name);
  /** Orders known to be stored, per product: their taken markers go with the product's next write. */
  private readonly confirmations = new Confirmations();
  private readonly counted: Counted<Waiting, Mutated>;
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    locks: LocksService,
    private readonly catalogue: Catalogue,
    private readonly events: DomainEvents,
    private readonly sweep: CountedSweep,
  ) {
    this.counted = new Counted<Waiting, Mutated>(locks, {
      lock: (productId) => ({ name: `product:${productId}`, busyMessage: BUSY, waitMs: 8_000, staleMs: 30_000 }),
      withoutLock: (productId, batch) => this.glance(productId, batch),
      attempt: (productId, batch) => this.attempt(productId, batch),
    });
  }

  onModuleInit(): void {
    this.sweep.register({
      staleTakes: (now) => this.staleTakes(now),
      settle: ({ ref, line }) => this.settle(ref, [line.productId]),
      giveBack: ({ ref, line }) => this.untake(ref, [line]),
    });
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
  take(ref: string, lines: readonly StockLine[], options: { fromHold?: string } = {}): Promise<StockLine[]> {
    const takeLine = async (line: StockLine) => {
      const { changed } = await this.mutate(
        line.productId,
        (s, now) => {
          if (s.onHand === null) return null;
          // The same order's units are already taken (a retried placing): nothing more.
          if (s.holds.some((h) => h.ref === ref && h.taken)) return null;
          const own = heldBy(s.holds, options.fromHold, now);
          const others = s.holds.filter((h) => h !== own);
          const left = s.listed ? (availableUnits(s.onHand, others, now) ?? 0) : 0;
          if (left < line.quantity) throw new NotEnoughStock(line.productId, s.name, left, s.sized);
          return { onHand: s.onHand - line.quantity, holds: [...others, { ref, quantity: line.quantity, taken: true, at: new Date(now) }] };
        },
        { variant: line.variantId },
      );
      return changed;
    };
    return takeAll(
      byProduct(lines),
      takeLine,
      (taken) => this.untake(ref, taken),
      (undo) => this.logger.error(`Could not give back units of ${ref}: ${undo.message}`),
    );
  }

  /** The order `ref` is stored: its taken markers go with each product's next write (no write of its own). */
  confirm(ref: string, productIds: readonly string[]): void {
    for (const productId of productIds) this.confirmations.note(productId, ref);
  }

  /** The order `ref` is known to be stored: its taken markers are written away now (the sweep's way of confirming). */
  async settle(ref: string, productIds: readonly string[]): Promise<void> {
    const refs = new Set([ref]);
    for (const productId of [...new Set(productIds)].sort()) {
      await this.mutate(productId, (s) => (s.holds.some((h) => h.ref === ref && h.taken) ? { holds: settleMarks(s.holds, refs, { keep: false }) } : null), {
        variant: EVERY_SIZE,
      }).catch((error: unknown) => {
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
          const back = giveBackMark(s.holds, ref, (h) => !!h.taken);
          if (!back) return null;
          return s.onHand === null ? { holds: back.rest } : { onHand: s.onHand + back.mark.quantity, holds: back.rest };
        },
        { variant: line.variantId },
      );
    }
  }

  /** Holds units for an online checkout until `until`, all lines or none (NotEnoughStock). */
  async hold(ref: string, lines: readonly StockLine[], until: Date): Promise<void> {
    const holdLine = async (line: StockLine) => {
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
      return changed;
    };
    await takeAll(
      byProduct(lines),
      holdLine,
      (held) =>
        this.release(
          ref,
          held.map((line) => line.productId),
        ),
      (undo) => this.logger.error(`Could not release the hold of ${ref}: ${undo.message}`),
    );
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

  /** Taken markers older than STALE_TAKE_MS (placings that stopped half-way), from the catalogue in memory: what the sweep puts right. */
  private async staleTakes(now: number): Promise<StaleStockTake[]> {
    const stale: StaleStockTake[] = [];
    for (const view of await this.catalogue.sellerStockStates()) {
      for (const hold of view.state.holds) {
        if (hold.taken && isStale(hold, now)) {
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
      if (state.holds.some((h: StockHold) => !isLive(h, now))) {
        await this.mutate(productId, () => null, { variant: EVERY_SIZE }).catch((error: Error) =>
          this.logger.warn(`Could not prune holds of ${productId}: ${error.message}`),
        );
      }
    }
  }

  /**
   * One change of a product's stock, written by the counted things' loop (common/counted): changes of one
   * product asked meanwhile go together under the product's lock, one read, one write raising
   * `stockVersion` (each change sees the units the ones before it left; a refused one fails alone). Lapsed
   * holds and markers of confirmed orders go with every write. `change` may refuse by throwing, or return
   * null for "nothing to do". A product that needs no write (not counted, nothing to prune) is read once
   * without taking its lock.
   */
  private mutate(
    productId: string,
    change: (stock: StockNow, now: number) => StockChange | null,
    { immediate = false, variant }: { immediate?: boolean; variant?: string } = {},
  ): Promise<Mutated> {
    if (!Types.ObjectId.isValid(productId)) return Promise.reject(new BadRequestException(`Product ${productId} does not exist`));
    return this.counted.change(productId, { change, immediate, variant });
  }

  /**
   * Most orders are for products that are not counted: one read, no lock, no write. One the catalogue knows
   * as counted (or holding units) is read under its lock only.
   */
  private async glance(productId: string, batch: readonly Waiting[]): Promise<Written<Mutated> | undefined> {
    if (this.catalogue.countedOrHeld(productId)) return undefined;
    const doc = await this.products.findById(new Types.ObjectId(productId)).lean<LeanProduct>();
    if (!doc) throw new ProductGone(productId);
    const plan = planStock(doc, batch, Date.now(), this.confirmations.of(productId));
    return plan.needsWrite ? undefined : { outcomes: answer(doc, plan.outcomes) };
  }

  /** Under the product's lock: applies the batch to a fresh read and writes the outcome once. */
  private async attempt(productId: string, batch: readonly Waiting[]): Promise<Written<Mutated> | typeof LOST> {
    const _id = new Types.ObjectId(productId);
    const doc = await this.products.findById(_id).lean<LeanProduct>();
    if (!doc) throw new ProductGone(productId);
    const now = Date.now();
    const carried = [...(this.confirmations.of(productId) ?? [])];
    const plan = planStock(doc, batch, now, new Set(carried));
    if (!plan.needsWrite) return { outcomes: answer(doc, plan.outcomes) };
    const saved = await this.products.findOneAndUpdate({ _id }, { $set: plan.set, $inc: { stockVersion: 1 } }, { returnDocument: 'after' }).lean<LeanProduct>();
    if (!saved) return LOST;
    this.confirmations.written(productId, carried);
    const soldOut = soldOutSize(doc, saved, now);
    if (batch.some((entry) => entry.immediate)) await this.catalogue.put(saved);
    else this.catalogue.putStock(saved);
    // Sold out is said once the lock is let go, before the changes are answered.
    return { outcomes: answer(saved, plan.outcomes), after: soldOut ? () => this.events.publish(PRODUCT_SOLD_OUT, soldOut) : undefined };
  }
}

/** A stale take as the sweep hands it back: the order's ref and the line it took. */
interface StaleStockTake {
  ref: string;
  line: StockLine;
}

const answer = (doc: LeanProduct, outcomes: readonly (boolean | ItemFailed)[]) => outcomes.map((o) => (o instanceof ItemFailed ? o : { doc, changed: o }));
