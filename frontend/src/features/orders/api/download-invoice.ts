import { downloadFile } from '@/lib/download';

/** GET /api/orders/:id/invoice.pdf (the shopper's own order) or /api/seller/orders/:id/invoice.pdf (seller) → the order's tax invoice. */
export function invoicePath(orderId: string, as: 'shopper' | 'seller'): string {
  const id = encodeURIComponent(orderId);
  return as === 'seller' ? `/api/seller/orders/${id}/invoice.pdf` : `/api/orders/${id}/invoice.pdf`;
}

/** Saves the order's tax invoice (a PDF); throws an ApiError with the shop's reason when there is none. */
export function downloadInvoice(orderId: string, as: 'shopper' | 'seller'): Promise<void> {
  return downloadFile(invoicePath(orderId, as), `invoice-${orderId}.pdf`);
}
