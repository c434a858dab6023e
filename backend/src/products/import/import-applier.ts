import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ClusterBus } from '../../common/cluster/cluster-bus';
import { MediaService } from '../../media/media.service';
import { Catalogue } from '../catalogue';
import { ImportJournal, SLOT_ALIVE_MS, type SlotClaim } from './import-journal';
import type { PlannedProduct } from './import-plan';
import { storeZipPictures } from './import-pictures';
import { ImportWrites } from './import-writes';
import type { PictureZip } from './picture-zip';

/** Progress is written at most this often (the seller's bar polls it). */
const PROGRESS_EVERY_MS = 500;
/** A start-up waits at most this long for another instance to finish the import it is running. */
const WAIT_FOR_OTHER_MS = 120_000;

/** A pause that does not keep a stopping process alive. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Applies a checked import, all or nothing, without transactions. Its pictures are stored first (and
 * recorded, to be removed if it never applies), then every planned write is stored in the journal and
 * the import marked `applying` in one write: the commit point. The writes are then made one product
 * document at a time, each safe to make twice (ImportWrites), and the catalogue shoppers see is read
 * again once, when all are made. A shop stopped before the commit point drops the import at its next
 * start (nothing changed); one stopped after it makes the remaining writes before its catalogue is
 * first read: either way shoppers see the catalogue as before or as after, never half.
 */
@Injectable()
export class ImportApplier implements OnApplicationShutdown {
  private readonly logger = new Logger('CatalogueImport');
  private stopped = false;
  private readonly finishing = new Set<string>();

  constructor(
    private readonly journal: ImportJournal,
    private readonly writes: ImportWrites,
    private readonly media: MediaService,
    private readonly catalogue: Catalogue,
    private readonly cluster: ClusterBus,
  ) {}

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  /** Stores the pictures, commits and applies (in the background of the request that started it). */
  async run(claim: SlotClaim, products: PlannedProduct[], zip: PictureZip | undefined): Promise<void> {
    const id = claim.importId;
    try {
      if (zip) await storeZipPictures(this.media, zip, products, (url) => this.journal.picturesStored(id, url));
      await this.journal.commit(id, products);
    } catch (error) {
      this.logger.error(`Import ${id} could not be prepared: ${(error as Error).message}`);
      await this.drop(id, `The import could not be prepared (${(error as Error).message}); nothing was changed`).catch(() => undefined);
      await claim.release().catch(() => undefined);
      return;
    } finally {
      zip?.close();
    }
    await this.applyUntilDone(claim);
  }

  /**
   * Before the catalogue is first read: an import left by a stopped shop is finished (committed) or
   * dropped (not committed). One that another instance is running is waited for (it re-reads every
   * instance's catalogue when done).
   */
  async finishInterrupted(): Promise<void> {
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    for (;;) {
      const slot = await this.journal.slot();
      if (!slot) return;
      if (!slot.stale && this.cluster.shared && Date.now() < deadline) {
        await sleep(SLOT_ALIVE_MS / 4);
        continue;
      }
      // Without REDIS_URL this is the only instance: a slot found at start-up was left by a stopped shop.
      await this.finish(slot.importId, false);
      // The other instances read the catalogue again once this one has.
      if (this.cluster.shared)
        void this.catalogue.ready().then(
          () => this.catalogue.announceReload(),
          () => undefined,
        );
      return;
    }
  }

  /** A new import found the slot left by a stopped instance: finish that import now. */
  finishStale(importId: string): void {
    if (this.finishing.has(importId)) return;
    this.finishing.add(importId);
    void this.finish(importId, true)
      .catch((error: Error) => this.logger.warn(`Import ${importId} left by a stopped shop not finished yet: ${error.message}`))
      .finally(() => this.finishing.delete(importId));
  }

  private async finish(importId: string, announce: boolean): Promise<void> {
    const claim = await this.journal.takeOver(importId);
    try {
      const record = await this.journal.find(importId);
      if (record?.state === 'checking') {
        await this.drop(importId, 'The shop stopped before this import was applied: nothing was changed, import the file again');
      } else if (record?.state === 'applying') {
        this.logger.log(`Finishing import ${importId}, stopped half-way`);
        await this.apply(importId, announce);
      }
    } finally {
      await claim.release();
    }
  }

  /** Applies a committed import, trying again while the shop runs: once committed it is never given up. */
  private async applyUntilDone(claim: SlotClaim): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
      try {
        await this.apply(claim.importId, true);
        await claim.release();
        return;
      } catch (error) {
        if (this.stopped) return;
        this.logger.warn(`Import ${claim.importId} not applied yet (${(error as Error).message}); trying again`);
        await sleep(Math.min(500 * 2 ** attempt, 30_000));
      }
    }
  }

  private async apply(importId: string, announce: boolean): Promise<void> {
    const record = await this.journal.find(importId);
    if (!record || record.state !== 'applying') return;
    let done = 0;
    let reported = Date.now();
    for (let n = 0; n < record.chunks; n++) {
      if (this.stopped) throw new Error('the shop is stopping');
      const products = await this.journal.chunk(importId, n);
      await this.writes.create(products.filter((product) => product.create));
      for (const product of products) {
        if (!product.create) await this.deleteReplaced(await this.writes.update(product));
        done += product.rows;
      }
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        reported = Date.now();
        await this.journal.progress(importId, done);
      }
    }
    // Shoppers see the new catalogue from here on, on every instance, all at once (nothing to read again when nothing changed).
    if (announce && record.chunks > 0) await this.catalogue.announceReload();
    await this.journal.done(importId, record.total);
    this.logger.log(`Import ${importId} applied: ${record.total} pack sizes`);
  }

  /** An import that will never apply: marked failed, its stored pictures removed. */
  private async drop(importId: string, message: string): Promise<void> {
    const record = await this.journal.find(importId);
    for (const url of record?.pictures ?? []) await this.media.deleteImage(url).catch(() => false);
    if (record) await this.journal.failed(importId, message);
  }

  /** Pictures a product no longer shows: removed unless an order shows them (best effort, as the seller's edit does). */
  private async deleteReplaced(urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      await this.media.deleteImage(url, { unlessKept: true }).catch((error: Error) => this.logger.warn(`Could not delete image ${url}: ${error.message}`));
    }
  }
}
