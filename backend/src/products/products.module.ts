import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LocksModule } from '../common/locks/locks.module';
import { MigrationsModule } from '../database/migrations/migrations.module';
import { MediaModule } from '../media/media.module';
import { Catalogue } from './catalogue';
import { PackSizeMigration } from './pack-size-migration';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { Product, ProductSchema } from './schemas/product.schema';
import { SellerProductsController } from './seller-products.controller';
import { SellerProductsService } from './seller-products.service';
import { StockService } from './stock.service';
import { DemoCatalogueSeeder } from './seed/demo-catalogue.seeder';

@Module({
  imports: [MongooseModule.forFeature([{ name: Product.name, schema: ProductSchema }]), MediaModule, LocksModule, MigrationsModule],
  controllers: [ProductsController, SellerProductsController],
  providers: [Catalogue, ProductsService, SellerProductsService, StockService, DemoCatalogueSeeder, PackSizeMigration],
  exports: [ProductsService, StockService],
})
export class ProductsModule {}
