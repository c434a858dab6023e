import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, type UpdateQuery } from 'mongoose';
import { DomainEvents } from '../common/events/domain-events';
import { LocksService } from '../common/locks/locks.service';
import { gstRateProblem, MAX_PRODUCT_IMAGES, quantityOfLabel, toPaise, type PackQuantity, type PackSizeInput } from '@greencart/domain';
import { MediaService, type PreparedImage } from '../media/media.service';
import type { NewProductData, ProductDataChanges } from './dto/product-data.dto';
import type { UploadedFile } from '../common/http/multipart-upload';
import { Catalogue } from './catalogue';
import { packSizesOf, toView, type LeanProduct, type ProductView } from './view';
import { PRODUCT_REMOVED, type ProductRemovedEvent } from './product.events';
import { StockService } from './stock.service';
import { ShopService } from '../shop/shop.service';
import { Product, type ProductVariant } from './schemas/product.schema';
import { defaultPackLabel } from './view';

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
    private readonly shop: ShopService,
  ) {}

  /** A product's GST rate must be one of the shop's (400 naming them); rates are the owner's data (issue 54). */
  private async checkGstRate(rate: number | null | undefined): Promise<void> {
    if (typeof rate !== 'number') return;
    const problem = gstRateProblem(rate, (await this.shop.tax()).gstRates);
    if (problem) throw new BadRequestException(problem);
  }

  async add(data: NewProductData, files: readonly UploadedFile[]): Promise<ProductView> {
    await this.checkGstRate(data.gstRate);
    if (!data.variants) checkOfferPrice(data.price, data.offerPrice);
    checkImageCount(files.length);
    // Without `variants` (the spec's form), one pack size made of the spec's fields, whose id is the product's own.
    const _id = new Types.ObjectId();
    const variants = data.variants
      ? this.withShopUniqueSkus(String(_id), toVariants(data.variants, []))
      : [
          {
            _id,
            label: defaultPackLabel(data.weight),
            price: data.price,
            offerPrice: data.offerPrice,
            ...sizeOf(data.weight),
            stock: data.stock ?? null,
            inStock: true,
          },
        ];
    const first = variants[0];
    const image = await this.storeAll(await this.prepareAll(files));
    try {
      const weight = data.variants ? first.label : data.weight;
      const product = await this.products.create({
        _id,
        name: data.name,
        description: toLines(data.description),
        category: data.category,
        price: first.price,
        offerPrice: first.offerPrice,
        image,
        inStock: true,
        variants,
        ...(weight ? { weight } : {}),
        ...(first.stock !== undefined && first.stock !== null ? { stock: first.stock } : {}),
        ...(data.lowStockThreshold !== undefined ? { lowStockThreshold: data.lowStockThreshold } : {}),
        ...(data.searchWords?.length ? { searchWords: data.searchWords } : {}),
        ...(data.hsn ? { hsn: data.hsn } : {}),
        ...(data.gstRate !== undefined ? { gstRate: data.gstRate } : {}),
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
  async update(id: string, changes: ProductDataChanges, imagesText: string | undefined, files: readonly UploadedFile[]): Promise<ProductView> {
    await this.checkGstRate(changes.gstRate);
    const plan = imagesText === undefined ? undefined : readImagePlan(imagesText, files.length);
    if (!plan && files.length) throw new BadRequestException('New images need a place in "images"');
    const prepared = await this.prepareAll(files);

    const { saved, removed } = await this.oneAtATime(id, async () => {
      const current = await this.products.findById(id).lean();
      if (!current) throw new NotFoundException('Product not found');
      checkOfferPrice(changes.price ?? current.price, changes.offerPrice ?? current.offerPrice);
      const sizes = packSizesOf(current as LeanProduct);
      if (changes.stock !== undefined && sizes.length > 1) throw new BadRequestException(NAME_A_SIZE(sizes.length));
      for (const entry of plan ?? []) {
        if (entry.kind === 'kept' && !current.image.includes(entry.url)) throw new BadRequestException('images lists an image this product does not have');
      }

      const sized = sizeChanges(current as LeanProduct, changes);
      this.withShopUniqueSkus(id, sized.variants ?? []);
      const stored = await this.storeAll(prepared);
      const image = plan ? plan.map((entry) => (entry.kind === 'kept' ? entry.url : stored[entry.file])) : current.image;
      const update: UpdateQuery<Product> = {
        $set: { image, ...fieldChanges(changes), ...sized },
        $inc: { stockVersion: 1 },
      };
      if (changes.weight === '' || changes.hsn === '' || changes.gstRate === null)
        update.$unset = { ...(changes.weight === '' && { weight: 1 }), ...(changes.hsn === '' && { hsn: 1 }), ...(changes.gstRate === null && { gstRate: 1 }) };
      let saved;
      try {
        // No projection: findAndModify with one is not answered on every engine (docs/database.md).
        saved = await this.products
          .findOneAndUpdate(
            {
              _id: current._id,
              image: current.image,
              price: current.price,
              offerPrice: current.offerPrice,
              stockVersion: current.stockVersion ?? { $in: [0, null] },
            },
            update,
            {
              returnDocument: 'after',
              runValidators: true,
            },
          )
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
    await this.events.publish(PRODUCT_REMOVED, {
      productId: String(removed._id),
      name: removed.name,
      variantIds: packSizesOf(removed as LeanProduct).map((size) => size._id),
    } satisfies ProductRemovedEvent);
    await this.deleteUnlessReferenced(removed.image ?? []);
  }

  /**
   * The spec's toggle (`inStock`) and, besides it, the counted units (`stock`, null stops counting) and the
   * "running low" threshold. Answers the product as shoppers see it and its stock as the seller does.
   */
  async changeStock(id: string, change: { variant?: string; inStock?: boolean; stock?: number | null; lowStockThreshold?: number }): Promise<ProductView> {
    if (change.inStock === undefined && change.stock === undefined && change.lowStockThreshold === undefined) {
      throw new BadRequestException('Send inStock (true or false), stock (units, or null to stop counting) or lowStockThreshold');
    }
    let doc: LeanProduct | null = null;
    if (change.variant !== undefined || change.stock !== undefined) {
      const product = await this.products.findById(id).lean<LeanProduct>();
      if (!product) throw new NotFoundException('Product not found');
      const sizes = packSizesOf(product);
      if (change.variant !== undefined && !sizes.some((size) => size._id === change.variant))
        throw new BadRequestException(`variant ${change.variant} is not one of this product's pack sizes`);
      if (change.stock !== undefined && change.variant === undefined && sizes.length > 1) throw new BadRequestException(NAME_A_SIZE(sizes.length));
    }
    if (change.inStock !== undefined) {
      // The spec's toggle acts on every pack size; with `variant`, on that one. No projection: findAndModify with one is not answered on every engine (docs/database.md).
      doc = await this.oneAtATime(id, async () => {
        const current = await this.products.findById(id).lean<LeanProduct>();
        if (!current) return null;
        const variants = current.variants?.map((v) =>
          change.variant === undefined || String(v._id) === change.variant ? { ...v, inStock: change.inStock! } : v,
        );
        const listed = variants ? variants[0].inStock : change.inStock;
        return this.products
          .findOneAndUpdate(
            { _id: current._id },
            { $set: { inStock: listed, ...(variants ? { variants } : {}) }, $inc: { stockVersion: 1 } },
            { returnDocument: 'after' },
          )
          .lean<LeanProduct>();
      });
      if (!doc) throw new NotFoundException('Product not found');
      await this.catalogue.put(doc);
    }
    if (change.stock !== undefined) doc = await this.stock.setCount(id, change.stock, change.variant);
    if (change.lowStockThreshold !== undefined) doc = await this.stock.setLowStockThreshold(id, change.lowStockThreshold);
    return toView(doc!);
  }

  /** Every product's stock as the seller sees it (catalogue order). */
  sellerStock() {
    return this.catalogue.sellerStock();
  }

  /** The sizes, unless one has a SKU another product's size has (409 naming it). */
  private withShopUniqueSkus<T extends { sku?: string }>(productId: string, sizes: T[]): T[] {
    for (const size of sizes) {
      const owner = size.sku ? this.catalogue.skuOwner(size.sku) : undefined;
      if (owner && owner.productId !== productId) throw new ConflictException(`The SKU ${size.sku} is already used by ${owner.name}`);
    }
    return sizes;
  }

  /** Runs `work` while holding the product's lock document; waits a few seconds for another change to finish. */
  private oneAtATime<T>(productId: string, work: () => Promise<T>): Promise<T> {
    return this.locks.run(`product:${productId}`, { busyMessage: 'This product is being changed right now, please try again', staleMs: LOCK_STALE_MS }, work);
  }

  /** Decodes every upload before anything is stored: one bad file refuses the whole form. */
  private async prepareAll(files: readonly UploadedFile[]): Promise<PreparedImage[]> {
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

const NAME_A_SIZE = (count: number) => `This product has ${count} pack sizes: name the one to count with variant (its _id)`;

/** The quantity a weight or label names, as a stored size (nothing when it names none). */
function sizeOf(label: string | undefined): { size?: PackQuantity } {
  const size = quantityOfLabel(label);
  return size ? { size } : {};
}

/**
 * The pack sizes as the seller sent them, against the current ones: an entry with an `_id` edits that
 * size (keeping its count and toggle unless it sends `stock`), one without adds a size, one left out is gone.
 */
function toVariants(sent: readonly PackSizeInput[], current: readonly ProductVariant[]): ProductVariant[] {
  return sent.map((entry) => {
    const existing = entry._id ? current.find((v) => String(v._id) === entry._id) : undefined;
    if (entry._id && !existing) throw new BadRequestException(`Pack size ${entry._id} is not one of this product's; leave out _id to add a size`);
    const size = entry.size ?? (entry.size === null ? undefined : quantityOfLabel(entry.label));
    // Left out: kept as it was; null or "": removed.
    const sku = entry.sku === undefined ? existing?.sku : entry.sku || undefined;
    const barcode = entry.barcode === undefined ? existing?.barcode : entry.barcode || undefined;
    return {
      _id: existing?._id ?? new Types.ObjectId(),
      label: entry.label.trim(),
      price: entry.price,
      offerPrice: entry.offerPrice,
      ...(size ? { size } : {}),
      stock: entry.stock !== undefined ? entry.stock : (existing?.stock ?? null),
      inStock: existing?.inStock ?? true,
      ...(sku ? { sku } : {}),
      ...(barcode ? { barcode } : {}),
    } as ProductVariant;
  });
}

/**
 * The stored pack sizes after an edit: `variants` makes them what it lists; the spec's price, offer
 * price and weight edit the default (first) size. The top-level fields repeat the default size.
 */
function sizeChanges(current: LeanProduct, changes: ProductDataChanges): Partial<Product> {
  const stored: ProductVariant[] = current.variants?.length
    ? current.variants
    : packSizesOf(current).map((size) => ({ ...size, _id: new Types.ObjectId(size._id) }) as ProductVariant);
  let variants: ProductVariant[];
  if (changes.variants) variants = toVariants(changes.variants, stored);
  else {
    const [first, ...rest] = stored;
    const label = changes.weight !== undefined && rest.length === 0 ? defaultPackLabel(changes.weight) : first.label;
    variants = [
      {
        ...first,
        label,
        ...(changes.weight !== undefined && rest.length === 0 ? sizeOf(changes.weight) : {}),
        price: changes.price ?? first.price,
        offerPrice: changes.offerPrice ?? first.offerPrice,
      } as ProductVariant,
      ...rest,
    ];
  }
  const first = variants[0];
  return {
    variants,
    price: first.price,
    offerPrice: first.offerPrice,
    stock: first.stock ?? null,
    inStock: first.inStock,
    ...(changes.variants ? { weight: first.label } : {}),
  };
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
  if (typeof changes.gstRate === 'number') set.gstRate = changes.gstRate;
  return set;
}

/** Longer than any edit takes (storing at most 4 images); a lock this old was left by a request that died. */
const LOCK_STALE_MS = 30_000;
