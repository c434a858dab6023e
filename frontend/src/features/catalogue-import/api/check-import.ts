import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import type { ImportCheck, ImportFiles } from '../types';

/** The multipart body of an import and of its dry run: `file` and, when picked, `images`. */
export function importBody({ file, images }: ImportFiles): FormData {
  const body = new FormData();
  // Named explicitly: the server reads the names (a .csv, a .zip) and says them in its messages.
  body.append('file', file, file.name);
  if (images) body.append('images', images, images.name);
  return body;
}

/**
 * The picked files, still readable: a file saved again after it was picked (the usual fix of a wrong row)
 * can no longer be read by the browser, and would fail as if the server were unreachable.
 */
export async function ensureReadable({ file, images }: ImportFiles): Promise<void> {
  for (const picked of images ? [file, images] : [file]) {
    try {
      await picked.slice(0, 1).arrayBuffer();
    } catch (error) {
      // NotReadableError; anything else (a browser without Blob.arrayBuffer) is left to the upload.
      if (error instanceof DOMException) throw new ApiError(0, `${picked.name} changed after it was picked: pick it again`);
    }
  }
}

/** POST /api/seller/products/import?dryRun=true → rows to create, update and leave, and every wrong row; nothing changes. */
export async function checkImport(files: ImportFiles): Promise<ImportCheck> {
  await ensureReadable(files);
  return api.post<ImportCheck>('/api/seller/products/import', importBody(files), { params: { dryRun: true } });
}

export function useCheckImport() {
  // A dry run changes nothing cached.
  return useMutation({ mutationFn: checkImport });
}
