import { Logger, Module, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { SessionCookies } from '../common/guards/session-cookies';
import { Environment, insecureDefaults } from '../config/environment';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { ShopperJwtStrategy } from './shopper-jwt.strategy';

@Module({
  imports: [
    UsersModule,
    PassportModule,
    // Global: the shopper and seller guards verify tokens wherever they are used.
    JwtModule.registerAsync({
      global: true,
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        secret: config.get('JWT_SECRET', { infer: true }),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionCookies,
    ShopperJwtStrategy,
  ],
  exports: [AuthService, SessionCookies],
})
export class AuthModule implements OnModuleInit {
  private readonly logger = new Logger('Auth');

  constructor(private readonly config: ConfigService<Environment, true>) {}

  onModuleInit() {
    const env = {
      JWT_SECRET: this.config.get('JWT_SECRET', { infer: true }),
      SELLER_EMAIL: this.config.get('SELLER_EMAIL', { infer: true }),
      SELLER_PASSWORD: this.config.get('SELLER_PASSWORD', { infer: true }),
    } as Environment;
    for (const warning of insecureDefaults(env)) this.logger.warn(`${warning}: fine for development, never for production`);
  }
}
