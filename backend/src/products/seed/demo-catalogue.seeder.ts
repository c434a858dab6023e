import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import type { Environment } from '../../config/environment';
import { REPO_ROOT } from '../../database/embedded-database';
import { MediaService } from '../../media/media.service';
import { Catalogue } from '../catalogue';
import { Product } from '../schemas/product.schema';
import { DEMO_CATALOGUE, demoPackSizes, type DemoProduct } from './demo-catalogue';
import { DEMO_GST } from './demo-gst';

/** Committed illustrations of the demo products (same path from src under jest and from dist). */
export const SEED_IMAGES_DIR = join(REPO_ROOT, 'backend', 'seed', 'images');

/** The _id of a demo product: fixed per key, so two instances seeding at once cannot both insert it. */
export function demoProductId(key: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`greencart-demo:${key}`).digest('hex').slice(0, 24));
}

/**
 * Loads the demo catalogue on start-up when SEED_DEMO is on and the shop has no products.
 * Safe with several instances starting together: each product has a fixed _id, so the
 * unique _id index lets exactly one insert win; the loser removes the images it stored.
 */
@Injectable()
export class DemoCatalogueSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoCatalogue');

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly media: MediaService,
    private readonly config: ConfigService<Environment, true>,
    private readonly catalogue: Catalogue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.get('SEED_DEMO', { infer: true })) return;
    try {
      const inserted = await this.seedIfEmpty();
      if (inserted) this.logger.log(`Demo catalogue loaded: ${inserted} products`);
    } catch (error) {
      // A shop without demo products is still a working shop: report and carry on.
      this.logger.error(`Demo catalogue could not be loaded: ${(error as Error).message}`);
    }
  }

  /** Inserts the demo products when the catalogue is empty; returns how many this call inserted. */
  async seedIfEmpty(): Promise<number> {
    if (await this.products.exists({})) return 0;
    // Spaced by a millisecond so the catalogue order (createdAt, _id) is the order of the list.
    const start = Date.now();
    let inserted = 0;
    for (const [index, item] of DEMO_CATALOGUE.entries()) {
      if (await this.insert(item, new Date(start + index))) inserted++;
    }
    return inserted;
  }

  private async insert(item: DemoProduct, createdAt: Date): Promise<boolean> {
    const _id = demoProductId(item.key);
    if (await this.products.exists({ _id })) return false;
    const image: string[] = [];
    for (const file of item.images) image.push(await this.media.storeImage(await readFile(join(SEED_IMAGES_DIR, file))));
    // Ids fixed per product and label, like the product's: every install's demo sizes are the same ones.
    const variants = demoPackSizes(item)?.map((size) => ({ _id: demoProductId(`${item.key}:${size.label}`), ...size, stock: null, inStock: true }));
    try {
      const product = await this.products.create({
        _id,
        name: item.name,
        description: item.description,
        category: item.category,
        price: item.price,
        offerPrice: item.offerPrice,
        weight: item.weight,
        inStock: item.inStock ?? true,
        // A product of one size is stored as before pack sizes (read as one size whose id is the product's).
        ...(variants ? { variants } : {}),
        // Its rate and HSN as the law stands (demo-gst.ts), so the demo shop can be switched to `gst` and sell at once.
        ...(DEMO_GST[item.key] ?? {}),
        image,
        createdAt,
      });
      await this.catalogue.put(product.toObject());
      return true;
    } catch (error) {
      await Promise.all(image.map((url) => this.media.deleteImage(url)));
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }
}
