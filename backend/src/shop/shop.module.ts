import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { StoredShopDetails, StoredShopDetailsSchema } from './schemas/shop-details.schema';
import { ShopController } from './shop.controller';
import { ShopService } from './shop.service';

/** The shop's legal details (name, GSTIN, address, state) that tax invoices print. */
@Module({
  imports: [MongooseModule.forFeature([{ name: StoredShopDetails.name, schema: StoredShopDetailsSchema }])],
  controllers: [ShopController],
  providers: [ShopService],
  exports: [ShopService],
})
export class ShopModule {}
