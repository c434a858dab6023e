import { downloadFile } from '@/lib/download';

export type Gstr1Format = 'json' | 'csv';

/** GET /api/seller/gst/gstr1?month=YYYY-MM[&format=csv] → the month's GSTR-1 (owner), as the GST portal's offline tool reads it. */
export function gstr1Path(month: string, format: Gstr1Format): string {
  return `/api/seller/gst/gstr1?${new URLSearchParams(format === 'csv' ? { month, format } : { month }).toString()}`;
}

export function downloadGstr1(month: string, format: Gstr1Format): Promise<void> {
  return downloadFile(gstr1Path(month, format), `GSTR1-${month}.${format === 'csv' ? 'zip' : 'json'}`);
}
