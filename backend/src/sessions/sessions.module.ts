import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';
import { PassportModule } from '@nestjs/passport';
import type { Environment } from '../config/environment';
import { LocksModule } from '../common/locks/locks.module';
import { UsersModule } from '../users/users.module';
import { ActivityRecord, ActivityRecordSchema } from './activity/activity-entry.schema';
import { ActivityLog } from './activity/activity-log';
import { StaffDirectory } from './staff/staff-directory';
import { StaffMember, StaffMemberSchema } from './staff/staff-member.schema';
import { StaffService } from './staff/staff.service';
import { RevokedSession, RevokedSessionSchema } from './schemas/revoked-session.schema';
import { Passwords } from './passwords';
import { SellerCredentials } from './seller-credentials';
import { SellerJwtStrategy } from './seller-jwt.strategy';
import { SessionCookies } from './session-cookies';
import { signingKey } from './session';
import { SessionService } from './session.service';
import { ShopperJwtStrategy } from './shopper-jwt.strategy';

/**
 * Sessions of shoppers and the seller's accounts (the owner and staff, with the activity log): signed cookies, the one session check (HTTP guards and
 * sockets), and the passport strategies behind `@ShopperOnly()` and `@SellerOnly()`. Global, since
 * every feature module guards its routes with them.
 */
@Global()
@Module({
  imports: [
    UsersModule,
    PassportModule,
    LocksModule,
    MongooseModule.forFeature([
      { name: RevokedSession.name, schema: RevokedSessionSchema },
      { name: StaffMember.name, schema: StaffMemberSchema },
      { name: ActivityRecord.name, schema: ActivityRecordSchema },
    ]),
    JwtModule.registerAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        secretOrKeyProvider: () => signingKey(config.get('JWT_SECRET', { infer: true })),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [Passwords, SessionService, SellerCredentials, SessionCookies, ShopperJwtStrategy, SellerJwtStrategy, StaffDirectory, StaffService, ActivityLog],
  exports: [Passwords, SessionService, SellerCredentials, SessionCookies, JwtModule, StaffService, ActivityLog],
})
export class SessionsModule {}
