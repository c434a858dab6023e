import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MediaModule } from '../media/media.module';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { Product, ProductSchema } from './schemas/product.schema';
import { DemoCatalogueSeeder } from './seed/demo-catalogue.seeder';

@Module({
  imports: [MongooseModule.forFeature([{ name: Product.name, schema: ProductSchema }]), MediaModule],
  controllers: [ProductsController],
  providers: [ProductsService, DemoCatalogueSeeder],
  exports: [ProductsService],
})
export class ProductsModule {}
