const BASE = 'http://greencart.invalid';

/**
 * A same-site path to send the browser back to after signing in, or '/' when `value` is not one.
 * Rejects absolute URLs, protocol-relative `//host` and `/\host` (browsers read both as another host),
 * and control characters.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512 || !value.startsWith('/')) return '/';
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return '/';
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
