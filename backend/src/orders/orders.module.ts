import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ShopModule } from '../shop/shop.module';
import { AddressesModule } from '../addresses/addresses.module';
import { CountedModule } from '../common/counted/counted.module';
import { LocksModule } from '../common/locks/locks.module';
import { MigrationsModule } from '../database/migrations/migrations.module';
import { MediaModule } from '../media/media.module';
import { ProductsModule } from '../products/products.module';
import { OrderCache } from './order-cache';
import { OrderLinking } from './order-linking';
import { OrderLists } from './order-lists';
import { OrderMigrations } from './order-migrations';
import { OrderPhotos } from './order-photos';
import { OrderPhotosController } from './order-photos.controller';
import { OrderPlacing } from './order-placing.service';
import { OrderStatusChanges } from './order-status.service';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { OrderListEntry, OrderListEntrySchema } from './schemas/order-list-entry.schema';
import { Order, OrderSchema } from './schemas/order.schema';
import { OrderTask, OrderTaskSchema } from './schemas/order-task.schema';
import { DeliveryModule } from '../delivery/delivery.module';
import { CartModule } from '../cart/cart.module';
import { CouponsModule } from '../coupons/coupons.module';
import { OffersController } from './offers.controller';
import { OrderCoupons } from './order-coupons';
import { OrderTakes } from './order-takes';
import { OrderedLinesLeaveCart } from './ordered-lines-leave-cart';
import { SellerSlotsController } from './slots/seller-slots.controller';
import { SlotOrders } from './slots/slot-orders.service';

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
    ShopModule,
    MediaModule,
    LocksModule,
    CountedModule,
    MigrationsModule,
    CouponsModule,
    CartModule,
  ],
  controllers: [OrdersController, OffersController, SellerSlotsController, OrderPhotosController],
  providers: [
    OrdersService,
    OrderPlacing,
    OrderCoupons,
    OrderTakes,
    OrderStatusChanges,
    OrderLinking,
    OrderMigrations,
    OrderLists,
    OrderCache,
    SlotOrders,
    OrderPhotos,
    OrderedLinesLeaveCart,
  ],
  exports: [OrdersService, OrderPlacing, OrderStatusChanges, OrderCoupons, OrderTakes, OrderCache, OrderPhotos],
})
export class OrdersModule {}
