import { randomBytes } from 'node:crypto';
import { ConflictException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { ImportRowError, ImportState } from '@greencart/domain';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import { CatalogueImport, CatalogueImportChunk, CatalogueImportSlot } from '../schemas/catalogue-import.schema';
import { ImportCannotApply } from './import-failure';
import type { PlannedProduct } from './import-plan';

const SLOT = 'catalogue';
/** The running import's holder says it is alive this often; a slot this much older was left by a stopped shop. */
export const SLOT_ALIVE_MS = 2_000;
export const SLOT_STALE_MS = 10_000;
/** Products per stored chunk of planned writes (a chunk stays far below the 16 MB of a document). */
const CHUNK = 200;
/** The last imports are kept for their progress and errors; older ones are removed when a new one starts. */
const KEPT = 20;

export const BUSY_MESSAGE = 'Another catalogue import is running: wait until it is done, then try again';

export type ImportRecord = CatalogueImport;

/** This instance holding the slot: `release` gives it up; until then it is kept alive (`leave`: no longer, left to go stale). */
export interface SlotClaim {
  importId: string;
  release(): Promise<void>;
  leave(): void;
}

/**
 * Where imports are recorded (issue 38): the slot that lets one run at a time, each import's record
 * (state, progress, errors) and its planned writes in chunks. Every read is by `_id` (the one filter
 * every engine answers from an index, docs/database.md) and every write one document.
 */
@Injectable()
export class ImportJournal {
  constructor(
    @InjectModel(CatalogueImport.name) private readonly records: Model<CatalogueImport>,
    @InjectModel(CatalogueImportChunk.name) private readonly chunks: Model<CatalogueImportChunk>,
    @InjectModel(CatalogueImportSlot.name) private readonly slots: Model<CatalogueImportSlot>,
  ) {}

  /** Takes the slot for a new import (409 while another runs); a stale slot is handed to `stale` and not taken. */
  async claim(stale: (importId: string) => void): Promise<SlotClaim> {
    const importId = new Types.ObjectId().toHexString();
    const holder = randomBytes(12).toString('hex');
    try {
      await this.slots.create({ _id: SLOT, importId, holder, aliveAt: new Date() });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const slot = await this.slots.findById(SLOT).lean();
      if (slot && slot.aliveAt.getTime() < Date.now() - SLOT_STALE_MS) {
        stale(slot.importId);
        throw new ConflictException('The last catalogue import stopped half-way and is being finished now: try again in a minute');
      }
      throw new ConflictException(BUSY_MESSAGE);
    }
    return this.kept(importId, holder);
  }

  /** The slot as it is: the import it names and whether its holder has stopped (not alive for SLOT_STALE_MS). */
  async slot(): Promise<{ importId: string; holder: string; stale: boolean } | undefined> {
    const slot = await this.slots.findById(SLOT).lean();
    return slot ? { importId: slot.importId, holder: slot.holder, stale: slot.aliveAt.getTime() < Date.now() - SLOT_STALE_MS } : undefined;
  }

  /** Takes over a slot its holder left; two instances doing so at once both finish the same import, which is safe. */
  async takeOver(importId: string): Promise<SlotClaim> {
    const mine = randomBytes(12).toString('hex');
    await this.slots.updateOne({ _id: SLOT }, { $set: { holder: mine, aliveAt: new Date() } });
    return this.kept(importId, mine);
  }

  private kept(importId: string, holder: string): SlotClaim {
    const alive = setInterval(() => void this.slots.updateOne({ _id: SLOT }, { $set: { aliveAt: new Date() } }).catch(() => undefined), SLOT_ALIVE_MS);
    alive.unref();
    return {
      importId,
      leave: () => clearInterval(alive),
      release: async () => {
        clearInterval(alive);
        const slot = await this.slots.findById(SLOT).lean();
        if (slot?.holder === holder) await this.slots.deleteOne({ _id: SLOT });
      },
    };
  }

  async create(importId: string, total: number): Promise<void> {
    await this.records.create({ _id: new Types.ObjectId(importId), state: 'checking', total, done: 0 });
    await this.forgetOld();
  }

  find(importId: string): Promise<ImportRecord | null> {
    return this.records.findById(importId).lean<ImportRecord>();
  }

  async picturesStored(importId: string, url: string): Promise<void> {
    await this.records.updateOne({ _id: new Types.ObjectId(importId) }, { $push: { pictures: url } });
  }

  async progress(importId: string, done: number): Promise<void> {
    await this.records.updateOne({ _id: new Types.ObjectId(importId) }, { $set: { done } });
  }

  /** `partlyApplied`: it was committed, so some of its writes may have been made. */
  async failed(importId: string, message: string, options: { problems?: ImportRowError[]; partlyApplied?: boolean } = {}): Promise<void> {
    await this.records.updateOne(
      { _id: new Types.ObjectId(importId) },
      { $set: { state: 'failed' satisfies ImportState, message, problems: options.problems ?? [], partlyApplied: options.partlyApplied ?? false } },
    );
  }

  async done(importId: string, total: number): Promise<void> {
    await this.records.updateOne({ _id: new Types.ObjectId(importId) }, { $set: { state: 'done' satisfies ImportState, done: total } });
  }

  /**
   * Stores every planned write, then marks the import `applying`: that single-document write is the
   * commit point (a stop before it leaves the catalogue as before, after it as after).
   */
  async commit(importId: string, products: readonly PlannedProduct[]): Promise<number> {
    const count = Math.ceil(products.length / CHUNK);
    for (let n = 0; n < count; n++) {
      const chunk = { _id: `${importId}:${n}`, products: products.slice(n * CHUNK, (n + 1) * CHUNK) };
      await this.chunks.replaceOne({ _id: chunk._id }, chunk, { upsert: true });
    }
    await this.records.updateOne({ _id: new Types.ObjectId(importId) }, { $set: { state: 'applying' satisfies ImportState, chunks: count } });
    return count;
  }

  /** The n-th chunk of an import's planned writes. */
  async chunk(importId: string, n: number): Promise<PlannedProduct[]> {
    const chunk = await this.chunks.findById(`${importId}:${n}`).lean();
    if (!chunk) throw new ImportCannotApply(`its planned writes ${importId}:${n} are missing from the database`);
    return chunk.products as PlannedProduct[];
  }

  /** Removes the records and planned writes of all but the last KEPT imports. */
  private async forgetOld(): Promise<void> {
    const all = await this.records.find({}, { _id: 1, chunks: 1, state: 1 }).lean();
    const old = all.sort((a, b) => (String(a._id) < String(b._id) ? 1 : -1)).slice(KEPT);
    for (const record of old) {
      if (record.state === 'checking' || record.state === 'applying') continue;
      for (let n = 0; n < (record.chunks ?? 0); n++) await this.chunks.deleteOne({ _id: `${String(record._id)}:${n}` });
      await this.records.deleteOne({ _id: record._id });
    }
  }
}
