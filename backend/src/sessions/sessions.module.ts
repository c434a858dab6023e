import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';
import { PassportModule } from '@nestjs/passport';
import type { Environment } from '../config/environment';
import { UsersModule } from '../users/users.module';
import { RevokedSession, RevokedSessionSchema } from './schemas/revoked-session.schema';
import { SellerCredentials } from './seller-credentials';
import { SellerJwtStrategy } from './seller-jwt.strategy';
import { SessionCookies } from './session-cookies';
import { signingKey } from './session';
import { SessionService } from './session.service';
import { ShopperJwtStrategy } from './shopper-jwt.strategy';

/**
 * Sessions of shoppers and the seller: signed cookies, the one session check (HTTP guards and
 * sockets), and the passport strategies behind `@ShopperOnly()` and `@SellerOnly()`. Global, since
 * every feature module guards its routes with them.
 */
@Global()
@Module({
  imports: [
    UsersModule,
    PassportModule,
    MongooseModule.forFeature([{ name: RevokedSession.name, schema: RevokedSessionSchema }]),
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        secretOrKeyProvider: () => signingKey(config.get('JWT_SECRET', { infer: true })),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [SessionService, SellerCredentials, SessionCookies, ShopperJwtStrategy, SellerJwtStrategy],
  exports: [SessionService, SellerCredentials, SessionCookies, JwtModule],
})
export class SessionsModule {}
