import { Module, RequestMethod } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { MongooseModule } from '@nestjs/mongoose';
import { LoggerModule } from 'nestjs-pino';
import { AddressesModule } from './addresses/addresses.module';
import { AuthModule } from './auth/auth.module';
import { RateLimitModule } from './auth/rate-limit.module';
import { CartModule } from './cart/cart.module';
import { ChatModule } from './chat/chat.module';
import { ClusterModule } from './common/cluster/cluster.module';
import { DomainEventsModule } from './common/events/domain-events.module';
import { Environment } from './config/environment';
import { validateEnvironment } from './config/validate-environment';
import { DatabaseModule } from './database/database.module';
import { DRIVER_TIMEOUTS } from './database/driver-options';
import { DeliveryModule } from './delivery/delivery.module';
import { HealthModule } from './health/health.module';
import { MediaModule } from './media/media.module';
import { NewsletterModule } from './newsletter/newsletter.module';
import { NotificationsModule } from './notifications/notifications.module';
import { CouponsModule } from './coupons/coupons.module';
import { OrdersModule } from './orders/orders.module';
import { PaymentsModule } from './payments/payments.module';
import { PackingModule } from './orders/packing/packing.module';
import { ProductsModule } from './products/products.module';
import { SellerModule } from './seller/seller.module';
import { SessionsModule } from './sessions/sessions.module';
import { StatsModule } from './stats/stats.module';
import { UsersModule } from './users/users.module';

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, cache: true, ignoreEnvFile: true, validate: validateEnvironment }),
    LoggerModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        pinoHttp: {
          level: config.get('LOG_LEVEL', { infer: true }),
          transport: config.get('NODE_ENV', { infer: true }) === 'development' ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          autoLogging: { ignore: (req) => !req.url?.startsWith('/api') },
          serializers: {
            req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
        },
        // Every route, in the path syntax of Express 5 (nestjs-pino's default '*' logs a conversion warning at each start).
        forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
      }),
    }),
    MongooseModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<Environment, true>) => ({
        uri: config.get('MONGODB_URI', { infer: true }),
        // Fail fast while the database is away (503 within seconds, see the error filter) and notice
        // its return within a second: no command buffering, short selection and socket time-outs.
        bufferCommands: false,
        ...DRIVER_TIMEOUTS,
        // One clear line at start-up (main.ts) rather than retries with stack traces.
        retryAttempts: 0,
      }),
    }),
    DatabaseModule,
    DomainEventsModule,
    ClusterModule,
    RateLimitModule,
    UsersModule,
    SessionsModule,
    AuthModule,
    SellerModule,
    CartModule,
    HealthModule,
    NewsletterModule,
    MediaModule,
    ProductsModule,
    DeliveryModule,
    AddressesModule,
    CouponsModule,
    OrdersModule,
    PaymentsModule,
    PackingModule.register(PaymentsModule),
    ChatModule,
    NotificationsModule,
    StatsModule,
  ],
})
export class AppModule {}
