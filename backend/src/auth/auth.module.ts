import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { CartModule } from '../cart/cart.module';
import { SessionCookies } from '../sessions/session-cookies';
import { Environment, isGoogleEnabled } from '../config/environment';
import { UsersModule } from '../users/users.module';
import { UsersService } from '../users/users.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailVerificationController } from './email-verification.controller';
import { EmailVerificationService } from './email-verification.service';
import { GoogleController } from './google.controller';
import { GoogleStrategy } from './google.strategy';
import { PasswordResetService } from './password-reset.service';
import { UsedResetLink, UsedResetLinkSchema } from './schemas/used-reset-link.schema';

@Module({
  imports: [UsersModule, CartModule, PassportModule, MongooseModule.forFeature([{ name: UsedResetLink.name, schema: UsedResetLinkSchema }])],
  controllers: [AuthController, GoogleController, EmailVerificationController],
  providers: [
    AuthService,
    PasswordResetService,
    EmailVerificationService,
    {
      // Registered with passport only when configured; the guard answers 503 otherwise.
      provide: GoogleStrategy,
      inject: [ConfigService, JwtService, SessionCookies, UsersService],
      useFactory: (config: ConfigService<Environment, true>, jwt: JwtService, cookies: SessionCookies, users: UsersService) =>
        isGoogleEnabled({
          GOOGLE_CLIENT_ID: config.get('GOOGLE_CLIENT_ID', { infer: true }),
          GOOGLE_CLIENT_SECRET: config.get('GOOGLE_CLIENT_SECRET', { infer: true }),
        })
          ? new GoogleStrategy(config, jwt, cookies, users)
          : null,
    },
  ],
  exports: [AuthService],
})
export class AuthModule {}
