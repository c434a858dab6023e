import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ShopModule } from '../shop/shop.module';
import { CountedModule } from '../common/counted/counted.module';
import { LocksModule } from '../common/locks/locks.module';
import { MigrationsModule } from '../database/migrations/migrations.module';
import { MediaModule } from '../media/media.module';
import { Catalogue } from './catalogue';
import { CatalogueGateway } from './catalogue.gateway';
import { PackSizeMigration } from './pack-size-migration';
import { ProductsController } from './products.controller';
import { ProductsService } from './products.service';
import { Product, ProductSchema } from './schemas/product.schema';
import {
  CatalogueImport,
  CatalogueImportChunk,
  CatalogueImportChunkSchema,
  CatalogueImportSchema,
  CatalogueImportSlot,
  CatalogueImportSlotSchema,
} from './schemas/catalogue-import.schema';
import { CatalogueImportController } from './import/catalogue-import.controller';
import { CatalogueImportService } from './import/catalogue-import.service';
import { ImportApplier } from './import/import-applier';
import { ImportJournal } from './import/import-journal';
import { ImportWrites } from './import/import-writes';
import { SellerProductsController } from './seller-products.controller';
import { SellerProductsService } from './seller-products.service';
import { StockService } from './stock.service';
import { DemoCatalogueSeeder } from './seed/demo-catalogue.seeder';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Product.name, schema: ProductSchema },
      { name: CatalogueImport.name, schema: CatalogueImportSchema },
      { name: CatalogueImportChunk.name, schema: CatalogueImportChunkSchema },
      { name: CatalogueImportSlot.name, schema: CatalogueImportSlotSchema },
    ]),
    MediaModule,
    LocksModule,
    ShopModule,
    CountedModule,
    MigrationsModule,
  ],
  controllers: [ProductsController, SellerProductsController, CatalogueImportController],
  providers: [
    Catalogue,
    CatalogueGateway,
    ProductsService,
    SellerProductsService,
    StockService,
    DemoCatalogueSeeder,
    PackSizeMigration,
    // Catalogue import and export (issue 38).
    CatalogueImportService,
    ImportApplier,
    ImportJournal,
    ImportWrites,
  ],
  exports: [ProductsService, StockService],
})
export class ProductsModule {}
