import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const FOREIGN_ORIGIN_MESSAGE = 'This request came from another website and was refused';

/** The origin a request names in `Origin`, else in `Referer`; undefined when it names none (non-browser clients). */
export function requestOrigin(headers: { origin?: string; referer?: string }): string | undefined | null {
  const origin = headers.origin;
  if (origin) return origin === 'null' ? null : safeOrigin(origin);
  const referer = headers.referer;
  return referer ? safeOrigin(referer) : undefined;
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The shop's own origin as the browser sees it (behind a trusted proxy, its scheme and host). */
export function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}`;
}

/**
 * Cross-site request forgery guard: a state-changing request that names an origin (Origin, or
 * lacking it Referer) other than the shop's own or the configured frontend origin is refused with
 * 403, whatever its content type (forms, multipart and sign-in included). Requests naming no origin
 * at all are not from a browser page (scripts, the spec's API clients) and pass.
 */
export function refuseForeignOrigins(allowed: readonly string[], exempt: readonly string[] = []) {
  const allowedSet = new Set(allowed.map((origin) => safeOrigin(origin)).filter(Boolean));
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || exempt.includes(req.path)) return next();
    const origin = requestOrigin(req.headers);
    if (origin === undefined || allowedSet.has(origin) || origin === ownOrigin(req)) return next();
    res.status(403).json({ success: false, message: FOREIGN_ORIGIN_MESSAGE });
  };
}
