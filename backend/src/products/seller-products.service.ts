import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type UpdateQuery } from 'mongoose';
import { DomainEvents } from '../common/events/domain-events';
import { LocksService } from '../common/locks/locks.service';
import { MAX_PRODUCT_IMAGES, toPaise } from '@greencart/domain';
import { MediaService, type PreparedImage } from '../media/media.service';
import type { NewProductData, ProductDataChanges } from './dto/product-data.dto';
import { type UploadedImage } from './product-images.interceptor';
import { Catalogue } from './catalogue';
import { toView, type LeanProduct, type ProductView } from './view';
import { PRODUCT_REMOVED, type ProductRemovedEvent } from './product.events';
import { StockService } from './stock.service';
import { Product } from './schemas/product.schema';

export const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, AVIF or GIF images are allowed';

/** One place of the final image list of an edit: an image the product keeps, or the N-th uploaded file. */
type ImageSlot = { kind: 'kept'; url: string } | { kind: 'new'; file: number };

/**
 * The seller's changes to the catalogue. Each change is one single-document write, one at a time
 * per product. Images are checked whole before any is stored, stored before the product points at
 * them, and removed only after it no longer does: a failure leaves neither a product without its
 * images nor a stored image without a product.
 */
@Injectable()
export class SellerProductsService {
  private readonly logger = new Logger(SellerProductsService.name);

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly locks: LocksService,
    private readonly media: MediaService,
    private readonly catalogue: Catalogue,
    private readonly events: DomainEvents,
    private readonly stock: StockService,
  ) {}

  async add(data: NewProductData, files: readonly UploadedImage[]): Promise<ProductView> {
    checkOfferPrice(data.price, data.offerPrice);
    checkImageCount(files.length);
    const image = await this.storeAll(await this.prepareAll(files));
    try {
      const product = await this.products.create({
        name: data.name,
        description: toLines(data.description),
        category: data.category,
        price: data.price,
        offerPrice: data.offerPrice,
        image,
        inStock: true,
        ...(data.weight ? { weight: data.weight } : {}),
        ...(data.stock !== undefined && data.stock !== null ? { stock: data.stock } : {}),
        ...(data.lowStockThreshold !== undefined ? { lowStockThreshold: data.lowStockThreshold } : {}),
        ...(data.searchWords?.length ? { searchWords: data.searchWords } : {}),
        ...(data.hsn ? { hsn: data.hsn } : {}),
      });
      // The catalogue read model (and, through Redis, the other instances) has it before the seller's answer.
      return await this.catalogue.put(product.toObject());
    } catch (error) {
      await this.deleteImages(image);
      throw error;
    }
  }

  /**
   * Applies `changes` and, when `imagesText` is given, makes the product's images exactly that list
   * (kept URLs and "new:N" files). Changes to one product happen one at a time (a lock document);
   * the write also requires the images and prices that were checked, for MongoDB should a stale lock be taken over.
   */
  async update(id: string, changes: ProductDataChanges, imagesText: string | undefined, files: readonly UploadedImage[]): Promise<ProductView> {
    const plan = imagesText === undefined ? undefined : readImagePlan(imagesText, files.length);
    if (!plan && files.length) throw new BadRequestException('New images need a place in "images"');
    const prepared = await this.prepareAll(files);

    const { saved, removed } = await this.oneAtATime(id, async () => {
      const current = await this.products.findById(id).lean();
      if (!current) throw new NotFoundException('Product not found');
      checkOfferPrice(changes.price ?? current.price, changes.offerPrice ?? current.offerPrice);
      for (const entry of plan ?? []) {
        if (entry.kind === 'kept' && !current.image.includes(entry.url)) throw new BadRequestException('images lists an image this product does not have');
      }

      const stored = await this.storeAll(prepared);
      const image = plan ? plan.map((entry) => (entry.kind === 'kept' ? entry.url : stored[entry.file])) : current.image;
      const update: UpdateQuery<Product> = { $set: { image, ...fieldChanges(changes) } };
      if (changes.weight === '' || changes.hsn === '') update.$unset = { ...(changes.weight === '' && { weight: 1 }), ...(changes.hsn === '' && { hsn: 1 }) };
      let saved;
      try {
        // No projection: FerretDB v1 does not implement findAndModify with one.
        saved = await this.products
          .findOneAndUpdate({ _id: current._id, image: current.image, price: current.price, offerPrice: current.offerPrice }, update, {
            returnDocument: 'after',
            runValidators: true,
          })
          .lean();
      } catch (error) {
        await this.deleteImages(stored);
        throw error;
      }
      if (!saved) {
        await this.deleteImages(stored);
        throw new ConflictException('The product was changed meanwhile; reload it and try again');
      }
      return { saved, removed: current.image.filter((url) => !image.includes(url)) };
    });
    let view = await this.catalogue.put(saved as LeanProduct);
    await this.deleteUnlessReferenced(removed);
    if (changes.stock !== undefined) view = toView(await this.stock.setCount(id, changes.stock));
    if (changes.lowStockThreshold !== undefined) view = toView(await this.stock.setLowStockThreshold(id, changes.lowStockThreshold));
    return view;
  }

  /** Removes the product and the images no order shows; orders keep their copy of name, image URL and price. */
  async remove(id: string): Promise<void> {
    const removed = await this.oneAtATime(id, () => this.products.findOneAndDelete({ _id: new Types.ObjectId(id) }).lean());
    if (!removed) throw new NotFoundException('Product not found');
    await this.catalogue.remove(id);
    await this.events.publish(PRODUCT_REMOVED, { productId: String(removed._id), name: removed.name } satisfies ProductRemovedEvent);
    await this.deleteUnlessReferenced(removed.image ?? []);
  }

  /**
   * The spec's toggle (`inStock`) and, besides it, the counted units (`stock`, null stops counting) and the
   * "running low" threshold. Answers the product as shoppers see it and its stock as the seller does.
   */
  async changeStock(id: string, change: { inStock?: boolean; stock?: number | null; lowStockThreshold?: number }): Promise<ProductView> {
    if (change.inStock === undefined && change.stock === undefined && change.lowStockThreshold === undefined) {
      throw new BadRequestException('Send inStock (true or false), stock (units, or null to stop counting) or lowStockThreshold');
    }
    let doc: LeanProduct | null = null;
    if (change.inStock !== undefined) {
      // No projection: FerretDB v1 does not implement findAndModify with one.
      doc = await this.oneAtATime(id, () =>
        this.products.findOneAndUpdate({ _id: new Types.ObjectId(id) }, { $set: { inStock: change.inStock } }, { returnDocument: 'after' }).lean<LeanProduct>(),
      );
      if (!doc) throw new NotFoundException('Product not found');
      await this.catalogue.put(doc);
    }
    if (change.stock !== undefined) doc = await this.stock.setCount(id, change.stock);
    if (change.lowStockThreshold !== undefined) doc = await this.stock.setLowStockThreshold(id, change.lowStockThreshold);
    return toView(doc!);
  }

  /** Every product's stock as the seller sees it (catalogue order). */
  sellerStock() {
    return this.catalogue.sellerStock();
  }

  /** Runs `work` while holding the product's lock document; waits a few seconds for another change to finish. */
  private oneAtATime<T>(productId: string, work: () => Promise<T>): Promise<T> {
    return this.locks.run(`product:${productId}`, { busyMessage: 'This product is being changed right now, please try again', staleMs: LOCK_STALE_MS }, work);
  }

  /** Decodes every upload before anything is stored: one bad file refuses the whole form. */
  private async prepareAll(files: readonly UploadedImage[]): Promise<PreparedImage[]> {
    const prepared: PreparedImage[] = [];
    for (const file of files) {
      try {
        prepared.push(await this.media.prepareImage(file.buffer));
      } catch (error) {
        if (error instanceof BadRequestException) throw new BadRequestException(NOT_AN_IMAGE);
        throw error;
      }
    }
    return prepared;
  }

  /** Stores the images in order; if one fails, those already stored are removed. */
  private async storeAll(prepared: readonly PreparedImage[]): Promise<string[]> {
    const urls: string[] = [];
    try {
      for (const image of prepared) urls.push(await this.media.storePrepared(image));
    } catch (error) {
      await this.deleteImages(urls);
      throw error;
    }
    return urls;
  }

  /** Images the product no longer uses: deleted, except those a placed order shows (see MediaService.keep). */
  private deleteUnlessReferenced(urls: readonly string[]): Promise<void> {
    return this.deleteImages(urls, { unlessKept: true });
  }

  /** Best effort: a file left behind costs space, never a broken product, so failures are logged. */
  private async deleteImages(urls: readonly string[], options: { unlessKept?: boolean } = {}): Promise<void> {
    for (const url of urls) {
      await this.media.deleteImage(url, options).catch((error: Error) => this.logger.warn(`Could not delete image ${url}: ${error.message}`));
    }
  }
}

function checkOfferPrice(price: number, offerPrice: number): void {
  if (toPaise(offerPrice) > toPaise(price)) throw new BadRequestException('offerPrice must not be higher than price');
}

function checkImageCount(count: number): void {
  if (count < 1) throw new BadRequestException('Add at least one image');
  if (count > MAX_PRODUCT_IMAGES) throw new BadRequestException(`At most ${MAX_PRODUCT_IMAGES} images`);
}

/** The 'About Product' points: one per line, trimmed, empty lines dropped. */
function toLines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const NEW_FILE = /^new:(0|[1-9]\d*)$/;

/** Reads the `images` plan of an edit against the number of files sent (kept URLs are checked against the product later). */
function readImagePlan(text: string, fileCount: number): ImageSlot[] {
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw new BadRequestException('images must be valid JSON');
  }
  if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string')) {
    throw new BadRequestException('images must be a JSON list of image URLs and "new:N" entries');
  }
  checkImageCount(list.length);
  if (new Set(list).size !== list.length) throw new BadRequestException('images lists the same image twice');
  const slots = list.map((entry): ImageSlot => {
    const match = NEW_FILE.exec(entry);
    if (!match && entry.startsWith('new:')) throw new BadRequestException(`images: "${entry.slice(0, 20)}" is not a new image; write new:0, new:1, ...`);
    if (!match) return { kind: 'kept', url: entry };
    const file = Number(match[1]);
    if (file >= fileCount)
      throw new BadRequestException(`images refers to ${entry}, but ${fileCount === 1 ? 'only 1 new image was' : `${fileCount} new images were`} sent`);
    return { kind: 'new', file };
  });
  const placed = new Set(slots.flatMap((slot) => (slot.kind === 'new' ? [slot.file] : [])));
  if (placed.size !== fileCount) throw new BadRequestException('Every new image must have a place in "images"');
  return slots;
}

/** The $set of the fields an edit gives (weight "" is removed with $unset instead). */
function fieldChanges(changes: ProductDataChanges): Partial<Product> {
  const set: Partial<Product> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.description !== undefined) set.description = toLines(changes.description);
  if (changes.category !== undefined) set.category = changes.category;
  if (changes.price !== undefined) set.price = changes.price;
  if (changes.offerPrice !== undefined) set.offerPrice = changes.offerPrice;
  if (changes.weight) set.weight = changes.weight;
  if (changes.searchWords !== undefined) set.searchWords = changes.searchWords;
  if (changes.hsn) set.hsn = changes.hsn;
  return set;
}

/** Longer than any edit takes (storing at most 4 images); a lock this old was left by a request that died. */
const LOCK_STALE_MS = 30_000;
