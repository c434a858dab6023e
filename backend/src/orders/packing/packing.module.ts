import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LocksModule } from '../../common/locks/locks.module';
import { ProductsModule } from '../../products/products.module';
import { OrdersModule } from '../orders.module';
import { Order, OrderSchema } from '../schemas/order.schema';
import { OrderAdjusting } from './order-adjusting.service';
import { OrderPackingWork } from './order-packing-work';
import { PackingController } from './packing.controller';
import { PackingRefunds } from './packing-refunds';
import { OrderIssuesController } from './order-issues.controller';
import { OrderIssues } from './order-issues.service';
import { MediaModule } from '../../media/media.module';
import { MigrationsModule } from '../../database/migrations/migrations.module';
import { IssuePhotoMigration } from './issue-photo-migration';

/** Packing changes of orders (issue 39): the seller packs less or substitutes, and the difference goes back once. */
@Module({
  imports: [MongooseModule.forFeature([{ name: Order.name, schema: OrderSchema }]), OrdersModule, ProductsModule, LocksModule, MediaModule, MigrationsModule],
  controllers: [PackingController, OrderIssuesController],
  providers: [OrderAdjusting, OrderPackingWork, PackingRefunds, OrderIssues, IssuePhotoMigration],
  exports: [PackingRefunds],
})
export class PackingModule {
  /** With the module that provides PackingPayments (PaymentsModule, from AppModule: payments sits above orders). */
  static register(payments: Type): DynamicModule {
    return { module: PackingModule, imports: [payments] };
  }
}
