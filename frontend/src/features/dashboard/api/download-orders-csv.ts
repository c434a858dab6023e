import { downloadFile } from '@/lib/download';

/** GET /api/seller/orders.csv?from&to → every order placed in those days (shop's time zone), as CSV. */
export function ordersCsvPath(from: string, to: string): string {
  return `/api/seller/orders.csv?${new URLSearchParams({ from, to }).toString()}`;
}

export function downloadOrdersCsv(from: string, to: string): Promise<void> {
  return downloadFile(ordersCsvPath(from, to), `greencart-orders-${from}-to-${to}.csv`);
}
