import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { ImportCheckResponse, ImportProgressResponse, ImportRowError } from '@greencart/domain';
import { MediaService } from '../../media/media.service';
import { Catalogue } from '../catalogue';
import { Product } from '../schemas/product.schema';
import { packSizesOf, type LeanProduct } from '../view';
import { CsvFileProblem, readCsvTable } from './csv-table';
import { productLines, catalogueHeader } from './catalogue-export';
import { rowInputsOf } from './import-cells';
import { ImportApplier } from './import-applier';
import { ImportJournal } from './import-journal';
import { planImport, type ImportPlan } from './import-plan';
import { storedPicturesToCheck } from './import-pictures-plan';
import { checkZipPictures, zipNamesOf } from './import-pictures';
import { PictureZip, ZipFileProblem } from './picture-zip';
import { targetsOf, type ExistingProduct } from './import-targets';
import { ShopService } from '../../shop/shop.service';

/** The files of an import request, in memory. */
export interface ImportFiles {
  csv: Buffer;
  zip?: Buffer;
}

/** The most errors one answer lists (a file of 5,000 wrong rows says the first of them and how many more). */
const MAX_ERRORS = 1_000;

/**
 * Catalogue import and export as CSV (issue 38). An import is checked whole first (the dry run is that
 * check alone); only a file without a single wrong row is applied, in the background, all or nothing
 * (see ImportApplier and docs/seller.md). Export and check read the products from the database.
 */
@Injectable()
export class CatalogueImportService {
  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly media: MediaService,
    private readonly journal: ImportJournal,
    private readonly applier: ImportApplier,
    private readonly shop: ShopService,
    catalogue: Catalogue,
  ) {
    // A shop stopped mid-import finishes it (in the background) before its catalogue is first read: as before, or as after.
    catalogue.holdFirstRead(() => this.applier.interrupted());
  }

  /** The catalogue as CSV: a byte order mark, the header, one line per pack size, oldest product first. */
  async exportCsv(): Promise<string> {
    const products = await this.existing();
    return `\uFEFF${catalogueHeader()}${products.map(productLines).join('')}`;
  }

  /** What the import of `files` would do, changing nothing. */
  async dryRun(files: ImportFiles): Promise<ImportCheckResponse> {
    const { plan, zip } = await this.check(files);
    zip?.close();
    return { success: true, dryRun: true, create: plan.create, update: plan.update, unchanged: plan.unchanged, errors: capped(plan.errors) };
  }

  /** Checks `files` and, when no row is wrong, applies them in the background: the import's id. 409 with the errors otherwise. */
  async start(files: ImportFiles): Promise<string> {
    const claim = await this.journal.claim((stale) => void this.applier.finishStale(stale));
    let zip: PictureZip | undefined;
    let plan: ImportPlan;
    try {
      ({ plan, zip } = await this.check(files));
      if (plan.errors.length) {
        throw new ConflictException({
          success: false,
          message: `Nothing was imported: ${plan.errors.length} ${plan.errors.length === 1 ? 'problem' : 'problems'} to fix first`,
          errors: capped(plan.errors),
        });
      }
      await this.journal.create(
        claim.importId,
        plan.products.reduce((rows, product) => rows + product.rows, 0),
      );
    } catch (error) {
      zip?.close();
      await claim.release();
      throw error;
    }
    void this.applier.run(claim, plan.products, zip);
    return claim.importId;
  }

  /** An import's state and progress. */
  async progress(importId: string): Promise<ImportProgressResponse> {
    const record = await this.journal.find(importId);
    if (!record) throw new NotFoundException('No such import');
    return {
      success: true,
      state: record.state,
      done: record.done,
      total: record.total,
      errors: record.problems ?? [],
      ...(record.message ? { message: record.message } : {}),
      ...(record.state === 'failed' && record.partlyApplied ? { partlyApplied: true } : {}),
    };
  }

  /** Reads and checks the whole import: the plan (with its errors) and the zip, still open, for storing its pictures. */
  private async check(files: ImportFiles): Promise<{ plan: ImportPlan; zip?: PictureZip }> {
    let zip: PictureZip | undefined;
    try {
      const { table, errors: fileErrors } = readCsvTable(files.csv);
      if (!table) return { plan: emptyPlan(fileErrors) };
      zip = files.zip ? await PictureZip.open(files.zip) : undefined;
      const cells = rowInputsOf(table);
      const existing = await this.existing();
      const found = targetsOf(cells.rows, existing);
      const names = zipNamesOf(found.targets.map((target) => target.row));
      // The pictures of the products whose rows name files of the zip: the same file again is not stored twice.
      const touched = found.targets.filter((target) => target.product && target.row.images?.some((name) => names.has(name)));
      const storedHashes = await this.media.sourceHashes(touched.flatMap((target) => target.product!.image));
      const pictures = await checkZipPictures(this.media, zip, names, storedHashes);
      // The product's pictures named by URL in a changed list: still stored, or the row is wrong.
      const toCheck = new Set(storedPicturesToCheck(found.targets));
      const stored = await this.media.storedImages([...toCheck]);
      const plan = planImport(found.targets, existing, { ...pictures, gone: (url) => toCheck.has(url) && !stored.has(url) }, (await this.shop.tax()).gstRates);
      plan.errors = [...cells.errors, ...found.errors, ...plan.errors].sort((a, b) => a.row - b.row);
      return { plan, zip };
    } catch (error) {
      zip?.close();
      if (error instanceof CsvFileProblem || error instanceof ZipFileProblem) throw new BadRequestException(error.message);
      throw error;
    }
  }

  /** Every product as the import and export read it, oldest first. */
  private async existing(): Promise<ExistingProduct[]> {
    const docs = await this.products.find().batchSize(5_000).lean<LeanProduct[]>();
    docs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (String(a._id) < String(b._id) ? -1 : 1));
    return docs.map((doc) => ({
      _id: String(doc._id),
      name: doc.name,
      category: doc.category,
      description: doc.description ?? [],
      image: doc.image ?? [],
      sizes: packSizesOf(doc),
      ...(typeof doc.gstRate === 'number' ? { gstRate: doc.gstRate } : {}),
    }));
  }
}

function emptyPlan(errors: ImportRowError[]): ImportPlan {
  return { products: [], create: 0, update: 0, unchanged: 0, errors };
}

/** At most MAX_ERRORS errors, the last saying how many more there are. */
function capped(errors: ImportRowError[]): ImportRowError[] {
  if (errors.length <= MAX_ERRORS) return errors;
  return [...errors.slice(0, MAX_ERRORS - 1), { row: errors[MAX_ERRORS - 1].row, column: '', message: `…and ${errors.length - MAX_ERRORS + 1} more problems` }];
}
