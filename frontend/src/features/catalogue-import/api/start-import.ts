import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { ImportFiles, ImportRowError, ImportStarted } from '../types';
import { ensureReadable, importBody } from './check-import';

/** A 409: rows are wrong (all named in `rows`) or another import is running (`rows` empty). Nothing was applied. */
export class ImportRefused extends ApiError {
  readonly rows: ImportRowError[];

  constructor(message: string, rows: ImportRowError[], body: unknown) {
    super(409, message, {}, body);
    this.name = 'ImportRefused';
    this.rows = rows;
  }
}

function rowErrorsOf(body: unknown): ImportRowError[] {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  return Array.isArray(errors) ? (errors as ImportRowError[]) : [];
}

/** POST /api/seller/products/import → 202 `{ importId }` (applied in the background), or ImportRefused (409). */
export async function startImport(files: ImportFiles): Promise<string> {
  await ensureReadable(files);
  try {
    return (await api.post<ImportStarted>('/api/seller/products/import', importBody(files))).importId;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) throw new ImportRefused(error.message, rowErrorsOf(error.body), error.body);
    throw error;
  }
}

export function useStartImport() {
  // Nothing changes until the import is done: its progress query refreshes the products then.
  return useMutation({ mutationFn: startImport });
}
