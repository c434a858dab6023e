import { Module } from '@nestjs/common';
import { SellerController } from './seller.controller';

/** The seller's sign-in and sign-out; the seller's session itself is checked by the sessions module. */
@Module({ controllers: [SellerController] })
export class SellerModule {}
