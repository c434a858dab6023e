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
 * 403, whatever its content type (forms, multipart and sign-in included), and so is one that names
 * none while the browser says it is cross-site (`Sec-Fetch-Site`). Requests naming no origin at all
 * are not from a browser page (scripts, the spec's API clients) and pass. `changingGets`: GET routes
 * that change state (the spec's logouts), guarded the same way.
 */
export function refuseForeignOrigins(allowed: readonly string[], exempt: readonly string[] = [], changingGets: readonly string[] = []) {
  const allowedSet = new Set(allowed.map((origin) => safeOrigin(origin)).filter(Boolean));
  const changing = new Set(changingGets.map((path) => path.toLowerCase()));
  return (req: Request, res: Response, next: NextFunction) => {
    // The spec's GET logouts change state: a link or an image on another website must not end a session.
    const unsafe = !SAFE_METHODS.has(req.method) || (req.method === 'GET' && changing.has(req.path.toLowerCase()));
    if (!unsafe || exempt.includes(req.path)) return next();
    const origin = requestOrigin(req.headers);
    if (origin !== undefined && origin !== null && (allowedSet.has(origin) || origin === ownOrigin(req))) return next();
    // No Origin nor Referer (a page may hide its Referer): the browser still says where the request comes from.
    if (origin === undefined && req.headers['sec-fetch-site'] !== 'cross-site') return next();
    res.status(403).json({ success: false, message: FOREIGN_ORIGIN_MESSAGE });
  };
}
