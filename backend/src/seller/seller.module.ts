import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { SessionCookies } from '../common/guards/session-cookies';
import { SellerJwtStrategy } from './seller-jwt.strategy';
import { SellerController } from './seller.controller';
import { SellerService } from './seller.service';

/** The seller's sign-in; `@SellerOnly()` routes elsewhere rely on the `seller-jwt` strategy registered here. */
@Module({
  imports: [PassportModule],
  controllers: [SellerController],
  providers: [SellerService, SellerJwtStrategy, SessionCookies],
})
export class SellerModule {}
