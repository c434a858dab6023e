import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AddressesModule } from '../addresses/addresses.module';
import { LocksModule } from '../common/locks/locks.module';
import { MediaModule } from '../media/media.module';
import { ProductsModule } from '../products/products.module';
import { OrderCache } from './order-cache';
import { OrderLists } from './order-lists';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { OrderListEntry, OrderListEntrySchema } from './schemas/order-list-entry.schema';
import { Order, OrderSchema } from './schemas/order.schema';
import { OrderTask, OrderTaskSchema } from './schemas/order-task.schema';
import { DeliveryModule } from '../delivery/delivery.module';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Order.name, schema: OrderSchema },
      { name: OrderListEntry.name, schema: OrderListEntrySchema },
      { name: OrderTask.name, schema: OrderTaskSchema },
    ]),
    AddressesModule,
    DeliveryModule,
    ProductsModule,
    MediaModule,
    LocksModule,
  ],
  controllers: [OrdersController],
  providers: [OrdersService, OrderLists, OrderCache],
  exports: [OrdersService],
})
export class OrdersModule {}
