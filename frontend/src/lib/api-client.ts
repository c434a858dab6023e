/** Error carrying the server's readable `message` (or ours when the server could not be reached). */
export class ApiError extends Error {
  readonly status: number;
  /** Field → message, when the server said which fields are wrong (`errors`, names as in the request body, nested with dots). */
  readonly fields: Readonly<Record<string, string>>;
  /** The answer's JSON as it came (null when there was none), for refusals that carry more than a message. */
  readonly body: unknown;

  constructor(status: number, message: string, fields: Record<string, string> = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.body = body;
  }
}

type Params = Record<string, string | number | boolean | undefined | null>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Params;
  /** JSON-serialisable data, or FormData sent as multipart as it is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Let the request finish even if the page is left meanwhile (small bodies only, ≤ 64 KB). */
  keepalive?: boolean;
}

const NETWORK_MESSAGE = 'Cannot reach GreenCart right now. Check your connection and try again.';

function withParams(path: string, params?: Params): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'Something went wrong. Please try again.';
}

/** Fetch wrapper for our JSON API: cookies included, non-2xx and `success:false` both throw an ApiError. */
export async function request<T>(path: string, { method = 'GET', params, body, headers, signal, keepalive }: RequestOptions = {}): Promise<T> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(withParams(path, params), {
      method,
      credentials: 'include',
      // FormData sets its own multipart Content-Type (with the boundary).
      headers: { Accept: 'application/json', ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE);
  }

  const data: unknown = await response.json().catch(() => null);
  const message = readMessage(data);
  if (!response.ok) throw new ApiError(response.status, message ?? fallbackMessage(response.status), readFieldErrors(data), data);
  if (data === null || typeof data !== 'object') throw new ApiError(response.status, 'The server sent an unexpected answer.');
  if ((data as { success?: unknown }).success === false) throw new ApiError(response.status, message ?? fallbackMessage(400), readFieldErrors(data), data);
  return data as T;
}

function readMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && message.length) return message.join('. ');
  }
  return undefined;
}

function readFieldErrors(data: unknown): Record<string, string> {
  const errors = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const fields: Record<string, string> = {};
  for (const [field, text] of Object.entries(errors)) {
    if (typeof text === 'string' && text.trim()) fields[field] = text;
    else if (Array.isArray(text) && typeof text[0] === 'string') fields[field] = text[0];
  }
  return fields;
}

/**
 * The server's message for each of a form's fields: `names` maps the request's field names
 * ('adress.pincode', or just 'pincode') to the form's. Empty when the error is not about fields.
 */
export function fieldErrors<F extends string>(error: unknown, names: readonly F[], prefix = ''): Partial<Record<F, string>> {
  if (!(error instanceof ApiError)) return {};
  const found: Partial<Record<F, string>> = {};
  for (const name of names) {
    const message = error.fields[`${prefix}${name}`] ?? error.fields[name];
    if (message) found[name] = message;
  }
  return found;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'DELETE' }),
};

/** A readable message for any thrown value, for toasts. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
