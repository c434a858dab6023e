import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** What every page may ask before a test says otherwise: nobody is signed in, Google sign-in is off, the catalogue is empty. */
export const defaultHandlers = [
  http.get('/api/isAuth', () => HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 })),
  http.get('/api/auth/google/status', () => HttpResponse.json({ success: true, enabled: false })),
  http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 20, total: 0, totalPages: 1 })),
];

/** The API's stand-in at the network edge: tests add handlers with `server.use(...)`. */
export const server = setupServer(...defaultHandlers);
