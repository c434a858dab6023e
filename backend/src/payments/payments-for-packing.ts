import { Injectable } from '@nestjs/common';
import type { PackingPayments, PackingRefund } from '../orders/packing/packing-payments';
import { PaymentRefunds } from './payment-refunds.service';
import { refundHasReceipt } from './razorpay.gateway';

/** Packing's refunds (orders/packing's PackingPayments) through Razorpay. */
@Injectable()
export class PaymentsForPacking implements PackingPayments {
  constructor(private readonly refunds: PaymentRefunds) {}

  refundOnce(paymentId: string, amountPaise: number, receipt: string): Promise<PackingRefund> {
    return this.refunds.refundOnce(paymentId, amountPaise, receipt);
  }

  async refundMatching(paymentId: string, refundId: string | undefined, receipt: string): Promise<PackingRefund | undefined> {
    return (await this.refunds.refundsWithReceipts(paymentId)).find((r) => r.id === refundId || refundHasReceipt(r, receipt));
  }
}
