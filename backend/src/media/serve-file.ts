import type { Request, Response } from 'express';
import type { StoredFile } from './media.service';

/**
 * Answers with a stored file: 304 when If-None-Match matches its ETag, else its bytes, read whole before
 * answering so that an error then is a clean JSON 500 with nothing cacheable. `cacheControl` says who may keep it.
 */
export async function serveFile(
  req: Request,
  res: Response,
  file: StoredFile,
  read: (file: StoredFile) => Promise<Buffer>,
  cacheControl: string,
): Promise<void> {
  if (matchesEtag(req.headers['if-none-match'], file.etag)) {
    res.status(304).set({ 'Cache-Control': cacheControl, ETag: file.etag }).end();
    return;
  }
  const body = await read(file);
  res.set({ 'Cache-Control': cacheControl, ETag: file.etag, 'Content-Type': file.contentType, 'Content-Length': String(body.length) }).end(body);
}

/** If-None-Match uses weak comparison (RFC 9110 13.1.2): W/ prefixes are ignored, `*` matches any. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}
