import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ClusterBus } from '../../common/cluster/cluster-bus';
import { startupWork } from '../../common/startup/background-work';
import { MediaService } from '../../media/media.service';
import { Catalogue, type FirstReadWork } from '../catalogue';
import { givenUpMessage, givesUp, ImportCannotApply, retryPause } from './import-failure';
import { ImportJournal, SLOT_ALIVE_MS, type SlotClaim } from './import-journal';
import type { PlannedProduct } from './import-plan';
import { keptPicturesOf } from './import-pictures-plan';
import { storeZipPictures } from './import-pictures';
import { ImportWrites } from './import-writes';
import type { PictureZip } from './picture-zip';
import { pause } from '../../common/time/pause';

/** Progress is written at most this often (the seller's bar polls it). */
const PROGRESS_EVERY_MS = 500;
/** A slot another live instance holds is waited for (in the background) at most this long; then its import is finished here too. */
const WAIT_FOR_OTHER_MS = 120_000;

/**
 * Applies a checked import, all or nothing, without transactions. Its pictures are stored first (and
 * recorded, to be removed if it never applies), then every planned write is stored in the journal and
 * the import marked `applying` in one write: the commit point. The writes are then made one product
 * document at a time, each safe to make twice (ImportWrites), and the catalogue shoppers see is read
 * again once, when all are made. A shop stopped before the commit point drops the import at its next
 * start (nothing changed); one stopped after it makes the remaining writes before its catalogue is
 * first read: either way shoppers see the catalogue as before or as after, never half. Writes that fail
 * APPLY_TRIES times, or with an error no retry changes, end the import `failed` with what stopped it.
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
    const stored: string[] = [];
    try {
      if (zip)
        await storeZipPictures(this.media, zip, products, async (url) => {
          stored.push(url);
          await this.journal.picturesStored(id, url);
        });
      await this.checkPicturesStored(products, stored);
      await this.journal.commit(id, products);
    } catch (error) {
      const message =
        error instanceof ImportCannotApply
          ? `${error.message}: nothing was changed, import the file again`
          : `The import could not be prepared (${(error as Error).message}); nothing was changed`;
      this.logger.error(`Import ${id} could not be prepared: ${(error as Error).message}`);
      await this.drop(id, message).catch(() => undefined);
      await claim.release().catch(() => undefined);
      return;
    } finally {
      zip?.close();
    }
    if (await this.applyUntilEnded(id, true))
      await claim.release().catch((error: Error) => this.logger.warn(`Import ${id}: slot not released (${error.message})`));
    else claim.leave();
  }

  /**
   * Before the catalogue is first read: whether an import is in the slot (left by a stopped shop, or run
   * by another instance). If so it is seen to in the background, and the first read waits for that, not
   * the start-up: the shop listens at once (see Catalogue.holdFirstRead).
   */
  async interrupted(): Promise<FirstReadWork | undefined> {
    if (!(await this.journal.slot())) return undefined;
    return { until: startupWork('catalogue import left half-way', this.seeToInterrupted()) };
  }

  /**
   * An import left by a stopped shop is finished (committed) or dropped (not committed). One that
   * another instance is running is waited for (it re-reads every instance's catalogue when done), at
   * most WAIT_FOR_OTHER_MS.
   */
  private async seeToInterrupted(): Promise<void> {
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    for (;;) {
      if (this.stopped) throw new Error('the shop is stopping');
      try {
        const slot = await this.journal.slot();
        if (!slot) return;
        if (!slot.stale && this.cluster.shared && Date.now() < deadline) {
          await pause(SLOT_ALIVE_MS / 4, { unref: true });
          continue;
        }
        // Without REDIS_URL this is the only instance: a slot found at start-up was left by a stopped shop.
        if (!(await this.finish(slot.importId, false))) throw new Error('the shop is stopping');
        // The other instances read the catalogue again once this one has.
        if (this.cluster.shared)
          void this.catalogue.ready().then(
            () => this.catalogue.announceReload(),
            () => undefined,
          );
        return;
      } catch (error) {
        if (this.stopped) throw error;
        this.logger.warn(`The import left half-way is not seen to yet (${(error as Error).message}); trying again`);
        await pause(SLOT_ALIVE_MS, { unref: true });
      }
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

  /** Takes the slot over and ends its import: false when the shop stopped first (the slot is left, to be found stale). */
  private async finish(importId: string, announce: boolean): Promise<boolean> {
    const claim = await this.journal.takeOver(importId);
    let ended = true;
    try {
      const record = await this.journal.find(importId);
      if (record?.state === 'checking') {
        await this.drop(importId, 'The shop stopped before this import was applied: nothing was changed, import the file again');
      } else if (record?.state === 'applying') {
        this.logger.log(`Finishing import ${importId}, stopped half-way`);
        ended = await this.applyUntilEnded(importId, announce);
      }
    } catch (error) {
      // Not ended: the slot stays, found stale again later, so the import is never left without one.
      claim.leave();
      throw error;
    }
    if (ended) await claim.release();
    else claim.leave();
    return ended;
  }

  /**
   * Applies a committed import, trying again while the shop runs, until it is done or given up (failed:
   * APPLY_TRIES failed tries, or an error that no try changes). False when the shop stopped first.
   */
  private async applyUntilEnded(importId: string, announce: boolean): Promise<boolean> {
    for (let tries = 1; ; tries++) {
      try {
        await this.apply(importId, announce);
        return true;
      } catch (error) {
        if (this.stopped) return false;
        if (givesUp(error, tries)) {
          try {
            await this.giveUp(importId, error, tries, announce);
            return true;
          } catch (failure) {
            this.logger.warn(`Import ${importId} could not be marked failed (${(failure as Error).message}); trying again`);
          }
        } else this.logger.warn(`Import ${importId} not applied yet (${(error as Error).message}); trying again`);
        await pause(retryPause(tries), { unref: true });
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
      await this.withoutRemovedPictures(products, record.pictures ?? []);
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

  /** A committed import that will not apply: failed with what stopped it; shoppers see the catalogue as the database has it. */
  private async giveUp(importId: string, error: unknown, tries: number, announce: boolean): Promise<void> {
    const message = givenUpMessage(error, tries);
    this.logger.error(`Import ${importId} given up: ${message}`);
    await this.journal.failed(importId, message, { partlyApplied: true });
    if (announce)
      await this.catalogue
        .announceReload()
        .catch((failure: Error) => this.logger.warn(`Catalogue not read again after import ${importId}: ${failure.message}`));
  }

  /** Before the commit point: the stored pictures the plan keeps on products are stored still (the seller may have removed one meanwhile). */
  private async checkPicturesStored(products: readonly PlannedProduct[], storedNow: readonly string[]): Promise<void> {
    const kept = keptPicturesOf(products).filter((picture) => !storedNow.includes(picture.url));
    const stored = await this.media.storedImages(kept.map((picture) => picture.url));
    const gone = kept.find((picture) => !stored.has(picture.url));
    if (gone)
      throw new ImportCannotApply(`${gone.line ? `Line ${gone.line}: the` : 'The'} picture ${gone.url} was removed while the import was being prepared`);
  }

  /** After the commit point: a kept picture the seller removed since is left out, not written back as a broken picture. */
  private async withoutRemovedPictures(products: PlannedProduct[], storedByImport: readonly string[]): Promise<void> {
    const kept = keptPicturesOf(products).filter((picture) => !storedByImport.includes(picture.url));
    if (!kept.length) return;
    const stored = await this.media.storedImages(kept.map((picture) => picture.url));
    for (const product of products) {
      if (!product.images) continue;
      const images = product.images.filter((picture) => !('url' in picture) || storedByImport.includes(picture.url) || stored.has(picture.url));
      if (images.length === product.images.length) continue;
      this.logger.warn(`Import: product ${product._id} keeps ${product.images.length - images.length} picture(s) fewer, removed since the import was checked`);
      product.images = images;
    }
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
