import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CartModule } from '../cart/cart.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { LocksModule } from '../common/locks/locks.module';
import { OrdersModule } from '../orders/orders.module';
import { PackingPayments } from '../orders/packing/packing-payments';
import { ProductsModule } from '../products/products.module';
import { PaymentsController } from './payments.controller';
import { PaymentRefunds } from './payment-refunds.service';
import { OpenCheckoutSlots } from './open-checkout-slots';
import { PaymentsForPacking } from './payments-for-packing';
import { PaymentsService } from './payments.service';
import { RazorpayGateway } from './razorpay.gateway';
import { Checkout, CheckoutSchema, OpenCheckouts, OpenCheckoutsSchema, PaymentEvent, PaymentEventSchema } from './schemas/checkout.schema';

/** Online payment with Razorpay: checkouts, payment confirmation (browser and webhook), refunds. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Checkout.name, schema: CheckoutSchema },
      { name: PaymentEvent.name, schema: PaymentEventSchema },
      { name: OpenCheckouts.name, schema: OpenCheckoutsSchema },
    ]),
    OrdersModule,
    ProductsModule,
    CartModule,
    LocksModule,
    DeliveryModule,
  ],
  controllers: [PaymentsController],
  providers: [
    PaymentsService,
    PaymentRefunds,
    RazorpayGateway,
    OpenCheckoutSlots,
    PaymentsForPacking,
    { provide: PackingPayments, useExisting: PaymentsForPacking },
  ],
  exports: [PaymentRefunds, PackingPayments],
})
export class PaymentsModule {}
