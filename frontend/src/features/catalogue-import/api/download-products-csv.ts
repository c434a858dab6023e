import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download';

/** GET /api/seller/products.csv → the catalogue, one row per pack size, in the import's columns. */
export function downloadProductsCsv(): Promise<void> {
  return downloadFile('/api/seller/products.csv', 'greencart-products.csv');
}

export function useDownloadProductsCsv() {
  return useMutation({ mutationFn: downloadProductsCsv });
}
