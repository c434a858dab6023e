import { DEFAULT_DELIVERY_GST_RATE, DEFAULT_GST_RATES, ROLE_PERMISSIONS, type SellerRole, type TaxMode, type UserView } from '@greencart/domain';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** GET /api/session answering with this shopper (null: signed out) and seller flag. */
export function sessionHandler({ shopper = null, seller = false }: { shopper?: UserView | null; seller?: boolean } = {}) {
  return http.get('/api/session', () => HttpResponse.json({ success: true, shopper, seller }));
}

/** GET /api/seller/me answering with a seller account of this role. */
export function sellerAccountHandler(role: SellerRole, name = role === 'owner' ? 'Owner' : 'Ravi Kumar') {
  return http.get('/api/seller/me', () =>
    HttpResponse.json({ success: true, account: { role, name, email: `${role}@example.com`, permissions: [...ROLE_PERMISSIONS[role]] } }),
  );
}

/** GET /api/shop (public, issue 54) answering with this tax mode. */
export function shopTaxHandler(taxMode: TaxMode = 'flat', deliveryGstRate = DEFAULT_DELIVERY_GST_RATE, gstRates: readonly number[] = DEFAULT_GST_RATES) {
  return http.get('/api/shop', () => HttpResponse.json({ success: true, shop: { taxMode, deliveryGstRate, gstRates: [...gstRates] } }));
}

/** What every page may ask before a test says otherwise: nobody is signed in (shopper or seller), the shop adds 2% tax (`flat`), Google sign-in is off, the catalogue is empty, no offers, no unread chat, a shop with no orders, the socket is down. */
export const defaultHandlers = [
  // One session request per page, 200 even when nobody is signed in.
  sessionHandler(),
  // The shop's tax mode: today's rule (2% added) unless a test chooses another.
  shopTaxHandler(),
  http.get('/api/auth/google/status', () => HttpResponse.json({ success: true, enabled: false })),
  http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 20, total: 0, totalPages: 1 })),
  // A shop with no delivery areas: every pincode served, free, in 30 minutes.
  http.get('/api/delivery', ({ request }) => {
    const pincode = new URL(request.url).searchParams.get('pincode') ?? '';
    return HttpResponse.json({ success: true, pincode, serviceable: true, etaMinutes: 30, fee: 0, open: true, message: 'Delivery in 30 min' });
  }),
  // No delivery slots (issue 41): express only.
  http.get('/api/delivery/slots', () =>
    HttpResponse.json({ success: true, express: { available: true, etaMinutes: 30, message: 'Delivery in 30 min' }, days: [] }),
  ),
  // The cart page's "Offers for you": the shop has none.
  http.get('/api/coupons', () => HttpResponse.json({ success: true, coupons: [], subtotalPaise: 0 })),
  // The navbar's chat badge for a signed-in shopper.
  http.get('/api/chat/unread', () => HttpResponse.json({ success: true, unread: 0 })),
  // Who is signed in to the seller area: the owner, unless a test signs in a staff member.
  sellerAccountHandler('owner'),
  // The seller menu's unread count.
  http.get('/api/seller/chats/unread', () => HttpResponse.json({ success: true, unread: 0 })),
  // The shop's details as the owner reads them (the product form's GST rates): never saved, today's tax rule, the default rates.
  http.get('/api/seller/shop', () =>
    HttpResponse.json({
      success: true,
      shop: {
        legalName: 'GreenCart',
        gstin: null,
        address: '1 Env Street, Bengaluru',
        stateCode: null,
        stateName: null,
        saved: false,
        taxMode: 'flat',
        gstRates: [...DEFAULT_GST_RATES],
        deliveryGstRate: DEFAULT_DELIVERY_GST_RATE,
      },
    }),
  ),
  // Open problem reports (issue 39): none.
  http.get('/api/seller/issues', () => HttpResponse.json({ success: true, issues: [] })),
  // Every seller page reads the shop's newest orders (what "new" is counted from): a shop with no orders yet.
  http.get('/api/getorder/admin/seller', () => HttpResponse.json({ success: true, orderdata: [], page: 1, limit: 20, total: 0, totalPages: 1 })),
  // No live server: socket.io's polling handshake fails like an unreachable host, so pages fall back to asking again.
  http.all('/socket.io/*', () => HttpResponse.error()),
];

/** The API's stand-in at the network edge: tests add handlers with `server.use(...)`. */
export const server = setupServer(...defaultHandlers);
