import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { MigrationRunner } from '../../database/migrations/migration-runner';
import { imageIdFromUrl, MediaService } from '../../media/media.service';
import { OrderCache } from '../order-cache';
import { OrderPhotos } from '../order-photos';
import { Order } from '../schemas/order.schema';

/**
 * Problem-report photos stored by versions before private photos were public images (`/api/images/<id>`,
 * an ObjectId: guessable from ids around it). Once per database, before the instance serves: each is
 * withdrawn from the public route first (so a stop half-way leaves nothing public), kept as the order's
 * private photo under a new random id, the report pointed there, and the public copy deleted. Safe to
 * run again: the report is changed only while it still names the old URL, and a copy it did not take is removed.
 */
@Injectable()
export class IssuePhotoMigration implements OnModuleInit {
  private readonly logger = new Logger(IssuePhotoMigration.name);

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly media: MediaService,
    private readonly photos: OrderPhotos,
    private readonly cache: OrderCache,
    private readonly migrations: MigrationRunner,
  ) {}

  onModuleInit(): void {
    this.migrations.register({ id: 'issue-photos-private', run: () => this.run() });
  }

  /** Reads every order that has a report's photo (once; a filter on `issue.photo` may read every order, see docs/database.md). */
  async run(): Promise<void> {
    const reported = await this.orders.collection
      .find({ 'issue.photo': { $exists: true } })
      .project<{ _id: Types.ObjectId; issue: { photo: unknown } }>({ 'issue.photo': 1 })
      .toArray();
    let moved = 0;
    for (const { _id, issue } of reported) {
      const url = issue.photo;
      if (typeof url !== 'string' || !imageIdFromUrl(url)) continue;
      const withdrawn = await this.media.withdraw(url);
      if (!withdrawn) {
        this.logger.warn(`Order ${String(_id)}: its report's photo ${url} is not stored; left as it is`);
        continue;
      }
      const kept = await this.photos.adopt(String(_id), withdrawn.bytes, withdrawn.file, 'issue');
      const { modifiedCount } = await this.orders.collection.updateOne({ _id, 'issue.photo': url }, { $set: { 'issue.photo': kept } });
      if (modifiedCount === 0) await this.photos.delete(kept);
      else {
        await this.cache.changed(_id);
        moved++;
      }
      await this.media.deleteImage(url);
    }
    if (moved) this.logger.log(`Made ${moved} problem-report photos private`);
  }
}
