import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { IMAGE_REFERENCES } from '../common/image-references';
import { LocksModule } from '../common/locks/locks.module';
import { AddressesModule } from '../addresses/addresses.module';
import { ProductsModule } from '../products/products.module';
import { UsersModule } from '../users/users.module';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { Order, OrderSchema } from './schemas/order.schema';

@Module({
  imports: [MongooseModule.forFeature([{ name: Order.name, schema: OrderSchema }]), AddressesModule, ProductsModule, UsersModule, LocksModule],
  controllers: [OrdersController],
  providers: [OrdersService, { provide: IMAGE_REFERENCES, useExisting: OrdersService }],
  exports: [OrdersService, IMAGE_REFERENCES],
})
export class OrdersModule {}
