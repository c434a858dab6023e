import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpException,
  Post,
  Req,
  Res,
  UnauthorizedException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHmac } from 'node:crypto';
import { isDatabaseFault } from '../common/filters/all-exceptions.filter';
import type { Environment } from '../config/environment';
import { CurrentUser } from '../sessions/current-user.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { CreateOnlinePaymentDto, PaymentSuccessDto } from './dto/payment.dto';
import { PaymentsService } from './payments.service';
import { readWebhookBody, sameHex } from './webhook-body';

export const PAYMENT_UNRECORDED =
  "Your payment could not be recorded just now because the shop's database did not answer; any money taken is safe. Try again in a few seconds: the same payment is never recorded or charged twice";

/** Where Razorpay posts its webhook (set the same URL in the Razorpay dashboard). */
export const RAZORPAY_WEBHOOK_PATH = 'payments/razorpay/webhook';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /** Whether online payment is offered, and what checkout.js needs besides the key. Public. */
  @Get('payments/options')
  options() {
    return { success: true, ...this.payments.options() };
  }

  @Get('getkey')
  @ShopperOnly()
  getKey() {
    return { success: true, key: this.payments.publicKey() };
  }

  /** Prices the order on the server and answers the Razorpay order for checkout.js (amount in paise). */
  @Post('paymentonline')
  @ShopperOnly()
  async create(@CurrentUser() user: UserData, @Body() dto: CreateOnlinePaymentDto) {
    const order = await this.payments.startCheckout(user._id, dto);
    return { success: true, order };
  }

  /** 201 when this call recorded the order, 200 when it already was (a replay, or the webhook came first). */
  @Post('payment-success')
  @ShopperOnly()
  async success(@CurrentUser() user: UserData, @Body() dto: PaymentSuccessDto, @Res({ passthrough: true }) res: Response) {
    const { order, created } = await this.payments.confirmFromBrowser(user._id, dto).catch((error: unknown) => {
      // Any database fault while recording a payment: the same confirmation again completes it (keyed by the Razorpay order).
      if (!(error instanceof HttpException) && isDatabaseFault(error)) throw new ServiceUnavailableException(PAYMENT_UNRECORDED, { cause: error });
      throw error;
    });
    res.status(created ? 201 : 200);
    return { success: true, message: 'Payment received, order placed', order };
  }

  @Post(RAZORPAY_WEBHOOK_PATH)
  @HttpCode(200)
  @ApiOperation({ summary: "Razorpay's webhook: payment.captured, order.paid, payment.failed (signed with RAZORPAY_WEBHOOK_SECRET)" })
  @ApiHeader({ name: 'X-Razorpay-Signature', required: true })
  @ApiHeader({ name: 'X-Razorpay-Event-Id', required: false })
  async webhook(
    @Req() req: RawBodyRequest<Request>,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ) {
    const secret = this.config.get('RAZORPAY_WEBHOOK_SECRET', { infer: true });
    if (!secret) throw new ServiceUnavailableException('The Razorpay webhook is not set up (RAZORPAY_WEBHOOK_SECRET)');
    const raw = req.rawBody;
    const expected = raw ? createHmac('sha256', secret).update(raw).digest('hex') : '';
    if (!signature || !raw || !sameHex(expected, signature)) throw new UnauthorizedException('Invalid webhook signature');
    if (eventId !== undefined && typeof eventId !== 'string') throw new BadRequestException('Malformed webhook: X-Razorpay-Event-Id must be text');
    const outcome = await this.payments.handleWebhook(eventId, readWebhookBody(req.body ?? {}));
    return { success: true, ...outcome };
  }
}
