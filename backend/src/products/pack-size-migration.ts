import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { MigrationRunner } from '../database/migrations/migration-runner';
import { Product } from './schemas/product.schema';
import { packSizesOf, type LeanProduct } from './view';

/**
 * Products stored before pack sizes (issue 37) get their one size stored once: the size their
 * top-level fields make, whose `_id` is the product's own (so the carts and orders that name the
 * product keep naming that size, and two instances migrating at once write the same thing). Every
 * reading already treats a product without sizes this way: this only makes the data say it. A product
 * whose stock changes meanwhile (its `stockVersion` moved) is read again.
 */
@Injectable()
export class PackSizeMigration implements OnModuleInit {
  private readonly logger = new Logger(PackSizeMigration.name);

  constructor(
    @InjectModel(Product.name) private readonly products: Model<Product>,
    private readonly migrations: MigrationRunner,
  ) {}

  onModuleInit(): void {
    this.migrations.register({ id: 'products-pack-sizes', run: async () => void (await this.giveOlderProductsTheirSize()) });
  }

  async giveOlderProductsTheirSize(): Promise<number> {
    const older = await this.products.find({ variants: { $exists: false } }).lean<LeanProduct[]>();
    let migrated = 0;
    for (let doc of older) {
      for (let attempt = 0; attempt < 20 && doc; attempt++) {
        const variants = packSizesOf(doc).map((size) => ({ ...size, _id: new Types.ObjectId(size._id) }));
        const version = doc.stockVersion ?? 0;
        const done = await this.products.updateOne(
          { _id: doc._id, variants: { $exists: false }, stockVersion: version === 0 ? { $in: [0, null] } : version },
          { $set: { variants } },
        );
        if (done.modifiedCount) {
          migrated++;
          break;
        }
        const now = await this.products.findById(doc._id).lean<LeanProduct>();
        doc = now && !now.variants ? now : (undefined as unknown as LeanProduct);
      }
    }
    if (migrated) this.logger.log(`Gave ${migrated} products stored before pack sizes their one pack size`);
    return migrated;
  }
}
