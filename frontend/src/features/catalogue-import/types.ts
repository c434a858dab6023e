/**
 * The catalogue import's answers (issue 38). Kept here until the backend's types join @greencart/domain's
 * API types; the shapes are the API contract.
 */

/** One wrong cell: `row` is the file's line number (the header is line 1), `column` the header's name. */
export interface ImportRowError {
  row: number;
  column: string;
  message: string;
}

/** POST /api/seller/products/import?dryRun=true: what the file would do, and every wrong row. */
export interface ImportCheck {
  success: true;
  dryRun: true;
  create: number;
  update: number;
  unchanged: number;
  errors: ImportRowError[];
}

/** POST /api/seller/products/import: the file is being applied in the background. */
export interface ImportStarted {
  success: true;
  importId: string;
}

export type ImportState = 'checking' | 'applying' | 'done' | 'failed';

/** GET /api/seller/products/import/:id: how far an import is (`done` of `total` rows). */
export interface ImportProgress {
  success: true;
  state: ImportState;
  done: number;
  total: number;
  errors: ImportRowError[];
  /** Why a failed import failed, when it was not a row's fault. */
  message?: string;
}

/** The CSV and, optionally, the .zip of pictures its `images` column names. */
export interface ImportFiles {
  file: File;
  images?: File | null;
}
