/**
 * The catalogue as a spreadsheet (issue 38): the columns of the seller's export and import, one row per
 * pack size, the limits of an import and what its answers look like.
 */

/** The columns of GET /api/seller/products.csv, in this order; an import's header names them in any order and case. */
export const CATALOGUE_CSV_COLUMNS = [
  'sku',
  'barcode',
  'name',
  'category',
  'description',
  'pack_size',
  'size_amount',
  'size_unit',
  'price',
  'offer_price',
  'stock',
  'in_stock',
  'images',
  'product_id',
  'variant_id',
  // Issue 54: the product's GST rate in percent, one for all its sizes (an empty cell keeps the rate it has).
  'gst_rate',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** What joins the lines of a description, and the pictures of a product, in one cell. */
export const CSV_LIST_SEPARATOR = ' | ';

export const MAX_IMPORT_ROWS = 5_000;
export const MAX_IMPORT_CSV_MB = 5;
export const MAX_IMPORT_CSV_BYTES = MAX_IMPORT_CSV_MB * 1024 * 1024;
export const MAX_IMPORT_ZIP_MB = 50;
export const MAX_IMPORT_ZIP_BYTES = MAX_IMPORT_ZIP_MB * 1024 * 1024;

/** One thing wrong with an import: `row` is the file's line number (the header is line 1), `column` the column's name. */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** POST /api/seller/products/import?dryRun=true: what the import would do, counted in pack-size rows. */
export interface ImportCheckResponse {
  success: true;
  dryRun: true;
  create: number;
  update: number;
  unchanged: number;
  errors: ImportRowError[];
}

/** POST /api/seller/products/import: accepted and applying in the background (202). */
export interface ImportStartedResponse {
  success: true;
  importId: string;
}

/** A refused import (409): nothing was applied. */
export interface ImportRefusedResponse {
  success: false;
  message: string;
  errors: ImportRowError[];
}

export const IMPORT_STATES = ['checking', 'applying', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** GET /api/seller/products/import/:id: `done` of `total` pack-size rows written. */
export interface ImportProgressResponse {
  success: true;
  state: ImportState;
  done: number;
  total: number;
  errors: ImportRowError[];
  /** Why a failed import failed, when it was not a row's fault. */
  message?: string;
  /** A failed import that had started applying: some of its rows may be in the catalogue (absent: nothing changed). */
  partlyApplied?: boolean;
}
