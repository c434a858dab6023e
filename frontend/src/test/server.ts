import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** What every page may ask before a test says otherwise: nobody is signed in, Google sign-in is off, the catalogue is empty, no unread chat, the socket is down. */
export const defaultHandlers = [
  http.get('/api/isAuth', () => HttpResponse.json({ success: false, message: 'Not signed in' }, { status: 401 })),
  http.get('/api/auth/google/status', () => HttpResponse.json({ success: true, enabled: false })),
  http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 20, total: 0, totalPages: 1 })),
  // The navbar's chat badge for a signed-in shopper.
  http.get('/api/chat/unread', () => HttpResponse.json({ success: true, unread: 0 })),
  // The seller menu's unread count.
  http.get('/api/seller/chats/unread', () => HttpResponse.json({ success: true, unread: 0 })),
  // No live server: socket.io's polling handshake fails like an unreachable host, so pages fall back to asking again.
  http.all('/socket.io/*', () => HttpResponse.error()),
];

/** The API's stand-in at the network edge: tests add handlers with `server.use(...)`. */
export const server = setupServer(...defaultHandlers);
