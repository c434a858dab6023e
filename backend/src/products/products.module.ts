import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { ProductLock, ProductLockSchema } from './schemas/product-lock.schema';
import { Product, ProductSchema } from './schemas/product.schema';
import { SellerProductsController } from './seller-products.controller';
import { SellerProductsService } from './seller-products.service';
import { DemoCatalogueSeeder } from './seed/demo-catalogue.seeder';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Product.name, schema: ProductSchema },
      { name: ProductLock.name, schema: ProductLockSchema },
    ]),
    MediaModule,
  ],
  controllers: [ProductsController, SellerProductsController],
  providers: [ProductsService, SellerProductsService, DemoCatalogueSeeder],
  exports: [ProductsService],
})
export class ProductsModule {}
