/** A refund as Razorpay reports it: the parts packing reads. */
export interface PackingRefund {
  id: string;
  status: 'pending' | 'processed' | 'failed';
}

/**
 * What packing asks of online payments to refund a change. Declared here and provided by PaymentsModule
 * (PaymentsForPacking), which AppModule hands to PackingModule.register: payments sits above orders, so
 * orders/ never imports payments/.
 */
export abstract class PackingPayments {
  /** A partial refund named by `receipt`, made once (see PaymentRefunds.refundOnce). */
  abstract refundOnce(paymentId: string, amountPaise: number, receipt: string): Promise<PackingRefund>;
  /** The payment's refund with this id or asked for with this receipt, as Razorpay reports it now. */
  abstract refundMatching(paymentId: string, refundId: string | undefined, receipt: string): Promise<PackingRefund | undefined>;
}
