import { ApiError } from './api-client';

/**
 * Downloads a file the API makes (a CSV, a PDF) with the session's cookies, and saves it under the
 * name the server gives (Content-Disposition) or `fallbackName`. A refusal throws an ApiError with the
 * server's message, so the page can say why instead of saving an error as the file.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Cannot reach GreenCart right now. Check your connection and try again.');
  }
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiError(response.status, typeof data?.message === 'string' ? data.message : 'The file could not be made. Please try again.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
