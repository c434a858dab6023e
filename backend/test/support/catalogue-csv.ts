import { CATALOGUE_CSV_COLUMNS, gtinCheckDigit, type ImportCheckResponse, type ImportProgressResponse } from '@greencart/domain';
import type { Agent } from './actors';
import { eventually } from './waiting';

/** Helpers of the catalogue import suites (issue 38). */

export interface Size {
  _id: string;
  label: string;
  price: number;
  offerPrice: number;
  stock: number | null;
  inStock: boolean;
  sku?: string;
  barcode?: string;
}
export interface Product {
  _id: string;
  name: string;
  category: string;
  image: string[];
  variants: Size[];
}

/** A valid EAN-13 (or EAN-8, UPC-A) from its other digits. */
export const ean = (body: string) => `${body}${gtinCheckDigit(body)}`;

/** A CSV line from cells (quoted when they need it). */
const line = (cells: readonly (string | number)[]) =>
  cells.map((cell) => (/[",;\n|]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : String(cell))).join(',');

/** A row in the export's columns from the fields given (the others empty). */
export const row = (fields: Partial<Record<(typeof CATALOGUE_CSV_COLUMNS)[number], string | number>>) =>
  line(CATALOGUE_CSV_COLUMNS.map((column) => fields[column] ?? ''));

/** A file of the export's header and `rows`. */
export const csvOf = (rows: string[]) => Buffer.from([CATALOGUE_CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n');

/** POST /api/seller/products/import with the CSV (and the pictures zip). */
export function postImport(agent: Agent, csv: Buffer, options: { dryRun?: boolean; zip?: Buffer } = {}) {
  let req = agent
    .post(`/api/seller/products/import${options.dryRun ? '?dryRun=true' : ''}`)
    .attach('file', csv, { filename: 'catalogue.csv', contentType: 'text/csv' });
  if (options.zip) req = req.attach('images', options.zip, { filename: 'pictures.zip', contentType: 'application/zip' });
  return req;
}

export async function dryRun(agent: Agent, csv: Buffer, zip?: Buffer): Promise<ImportCheckResponse> {
  return (await postImport(agent, csv, { dryRun: true, zip }).expect(200)).body as ImportCheckResponse;
}

/** Waits until import `id` is done (or failed): its last progress answer. */
export async function importEnded(agent: Agent, id: string): Promise<ImportProgressResponse> {
  let progress = { state: 'checking' } as ImportProgressResponse;
  await eventually(
    async () => {
      progress = (await agent.get(`/api/seller/products/import/${id}`).expect(200)).body;
      return progress.state === 'done' || progress.state === 'failed';
    },
    `import ${id} is done`,
    30_000,
    () => progress,
  );
  return progress;
}
