import { Module } from '@nestjs/common';
import { SellerController } from './seller.controller';
import { StaffController } from './staff.controller';

/** The seller area's sign-in and sign-out (owner and staff), the team and the activity log; the seller's session itself is checked by the sessions module. */
@Module({ controllers: [SellerController, StaffController] })
export class SellerModule {}
