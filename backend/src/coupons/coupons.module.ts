import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LocksModule } from '../common/locks/locks.module';
import { CouponUses } from './coupon-uses.service';
import { CouponsService } from './coupons.service';
import { Coupon, CouponSchema, CouponShopper, CouponShopperSchema } from './schemas/coupon.schema';
import { SellerCouponsController } from './seller-coupons.controller';

/** Coupons: the seller's terms and the counting of uses. Orders and payments take and give back uses. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Coupon.name, schema: CouponSchema },
      { name: CouponShopper.name, schema: CouponShopperSchema },
    ]),
    LocksModule,
  ],
  controllers: [SellerCouponsController],
  providers: [CouponsService, CouponUses],
  exports: [CouponsService, CouponUses],
})
export class CouponsModule {}
