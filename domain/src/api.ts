import type { OfferView, SellerCoupon } from './coupons';
import type { PriceBreakdown } from './pricing';
import type { TaxMode } from './tax-rates';
import type { ShopTaxView } from './tax-rates';
import type { PackSize } from './pack-sizes';
import type { ProductCategory } from './categories';
import type { OrderStatus, PaymentStatus, PaymentType } from './order-lifecycle';

/** Every JSON answer carries `success`; a failure also carries a readable `message`. */
export interface ApiFailure {
  success: false;
  message: string;
}

export type ApiSuccess<T extends object = object> = { success: true; message?: string } & T;

/** The paging fields of a list answer. */
export interface PageInfo {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** A product as the API returns it. Prices are rupees with at most 2 decimals. */
export interface ProductView {
  _id: string;
  name: string;
  description: string[];
  category: ProductCategory | (string & {});
  price: number;
  offerPrice: number;
  /** URLs like /api/images/<id>; `<url>/thumb` is a small version for cards. */
  image: string[];
  /** Whether it can be ordered now: the seller's flag, and for a counted product at least one unit available. */
  inStock: boolean;
  weight?: string;
  /** Units a shopper can buy right now (counted units minus units held by open checkouts); null when not counted. */
  stock: number | null;
  /** Other names the seller added for search (a local name, a brand), when there are any. */
  searchWords?: string[];
  /** HSN code for tax invoices (4–8 digits), when the seller gave one. */
  hsn?: string;
  /** GST rate in percent (issue 54), one for all its sizes, when the seller gave one; a shop in `gst` mode sells no product without one. */
  gstRate?: number;
  /**
   * The pack sizes in the seller's order (issue 37); the first is the default, whose price, offerPrice,
   * stock, weight and inStock the top-level fields repeat for the spec's clients. A shopper can buy the
   * product while any of its sizes is inStock.
   */
  variants: PackSize[];
  createdAt: string;
  updatedAt: string;
}

/** The seller's view of a product's stock (GET /api/seller/stock). */
export interface SellerStockView {
  productId: string;
  /** The seller's flag (the spec's toggle). */
  listed: boolean;
  /** Counted units on hand, held ones included; null when not counted. */
  onHand: number | null;
  /** Units held by open online checkouts. */
  held: number;
  /** What shoppers can buy now; null when not counted. */
  available: number | null;
  lowStockThreshold: number;
  /** Counted and at or below its threshold. */
  runningLow: boolean;
  /** The same per pack size, in the seller's order (the top-level figures are the default size's). */
  variants?: SellerPackStockView[];
}

/** One pack size's stock as the seller sees it. */
export interface SellerPackStockView extends Omit<SellerStockView, 'productId' | 'variants'> {
  variantId: string;
  label: string;
}

/** GET /api/productList */
export type ProductListResponse = ApiSuccess<{ productsdata: ProductView[] }>;
/** GET /api/products */
export type ProductPageResponse = ApiSuccess<{ products: ProductView[] } & PageInfo & ProductSearchInfo>;

/** What GET /api/products?search= adds when it answered another query than the one typed. */
export interface ProductSearchInfo {
  /** The query as understood ("tomato" for "tamatar" or "tomatos"); absent when it was understood as typed. */
  correctedQuery?: string;
  /** Words of the query the answers leave out: a brand the shop does not carry, a word it does not know ("amul" of "amul butter"); absent when none. */
  droppedWords?: string[];
  /** The pack size the query asked for, per product of the page with several sizes ("atta 5kg" → its 5 kg pack's id); absent when none. */
  packSizes?: Record<string, string>;
}

/** The shopper as the browser may see them (never the password hash). */
export interface UserView {
  _id: string;
  firstName: string;
  email: string;
  /** The saved cart: product id → quantity. */
  cartItems: Record<string, number>;
  /** Bumped by every change of the saved cart (any tab, any device). */
  cartVersion?: number;
  /** Products the shop took out of the cart since the shopper last looked, one line each. */
  cartNotices?: string[];
}

/** GET /api/cart and PATCH /api/cart: the saved cart as it is now. */
export interface CartResponse {
  success: true;
  cartItems: Record<string, number>;
  cartVersion: number;
  cartNotices: string[];
}

/**
 * The fields a shopper fills in for a delivery address. `email` is optional (absent when not given:
 * order mails go to the account's email); `country` is one of ADDRESS_COUNTRIES for new addresses,
 * and whatever was stored for older ones.
 */
export interface AddressFields {
  firstName: string;
  lastName: string;
  email?: string;
  /** Optional: flat / house number and building. */
  house?: string;
  street: string;
  /** Optional: something near it a courier can find. */
  landmark?: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  phone: string;
}

/** A saved delivery address (GET /api/Address/get). `zipcode` is the same value as `pincode`. */
export interface AddressView extends AddressFields {
  _id: string;
  zipcode?: string;
}

/** One line of an order: a snapshot of what was bought, and the product as it is now (null once deleted). */
export interface OrderLineView {
  product: Pick<ProductView, '_id' | 'name' | 'category' | 'image' | 'offerPrice'> | null;
  name: string;
  category: string;
  image: string;
  offerPrice: number;
  quantity: number;
  /** The pack size's id and label when it was sold (absent on orders from before pack sizes, and for a single size without a label). */
  variant?: string;
  label?: string;
  /** Packing (issue 39): the quantity ordered when fewer were packed; the line this one replaces; a substitute's own price (paise) when charged less. */
  ordered?: number;
  substituteFor?: number;
  listPricePaise?: number;
  offerPricePaise?: number;
  /** The GST rate the line was sold at (orders placed in `gst` mode). */
  gstRate?: number;
}

/** One packing change of an order (issue 39). */
export interface OrderAdjustmentView {
  key: string;
  at: string;
  by: string;
  lines: { line: number; from: number; to: number }[];
  substitutes: { forLine: number; line: number; name: string; quantity: number; unitPaise: number }[];
  reason?: string;
  amountBeforePaise: number;
  amountAfterPaise: number;
  differencePaise: number;
  cancels?: boolean;
  refund?: { receipt: string; amountPaise: number; status: 'due' | 'pending' | 'processed' | 'failed'; id?: string; error?: string };
  /** An online order's difference under ₹1 (MIN_ONLINE_REFUND_PAISE, Razorpay's least refund): paid back in cash on delivery, never sent to Razorpay. */
  cashOwedPaise?: number;
}

/**
 * An order as the shopper's and the seller's lists return it. `address` is the delivery address as
 * it was when ordered (its `_id` names the saved address it was copied from).
 */
export interface OrderView {
  _id: string;
  /** The short number people read and search, e.g. "GC-10427" (the spec's `_id` stays the key). */
  orderNumber?: string;
  items: OrderLineView[];
  address: AddressView;
  /** Total in rupees (spec field); the paise fields are the exact figures. */
  amount: number;
  amountPaise: number;
  subtotalPaise: number;
  /** A coupon's discount off the subtotal (absent or 0: none); the tax is on subtotal − discount. */
  discountPaise?: number;
  /** The coupon the order used. */
  coupon?: OrderCouponView;
  /** Tax added on top of the prices: `flat` mode's 2% (0 in the other modes). */
  taxPaise: number;
  /** The shop's tax mode when the order was placed (issue 54); absent: `flat` (orders from before tax modes). */
  taxMode?: TaxMode;
  /** `gst` mode: the GST inside the amount (lines and fee), as the invoice splits it. */
  taxInsidePaise?: number;
  /** The delivery fee charged (0: free delivery). */
  deliveryFeePaise?: number;
  /** The same fee in rupees, like `amount`. */
  deliveryFee?: number;
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  /** true once the money is in (spec field): paymentStatus is 'paid'. */
  isPaid: boolean;
  /** Online orders only: the Razorpay payment, and its refund once the order was cancelled. */
  payment?: OrderPaymentView;
  status: OrderStatus;
  /** `by`: the first name of the staff member who moved it ("Packed by Ravi"); absent for the owner and the shopper. */
  statusHistory: { status: OrderStatus; at: string; by?: string }[];
  /** Who cancelled a cancelled order (absent on orders cancelled before this was kept). */
  cancelledBy?: 'shop' | 'shopper';
  /** The shop's reason for cancelling, when it gave one. */
  cancelReason?: string;
  createdAt: string;
  updatedAt: string;
  /** The delivery promise: placed + the delivery area's ETA (30 minutes for orders before delivery areas). */
  expectedDeliveryAt: string;
  deliverBy?: string;
  // Packing changes (issue 39).
  /** The shopper's choice when an item is not available (absent: refund). */
  substitutions?: 'refund' | 'similar';
  originalAmountPaise?: number;
  originalAmount?: number;
  refundedPaise?: number;
  adjustments?: OrderAdjustmentView[];
  /** "Something was wrong with my order" and the shop's answer. */
  issue?: OrderIssueView;
  /** The delivery slot the shopper chose (issue 41); absent: express. */
  deliverySlot?: { date: string; start: string; end: string };
}

/** A problem report on a delivered order (issue 39). */
export interface OrderIssueView {
  at: string;
  lines: { line: number; name: string; quantity: number; reason: 'missing' | 'damaged' | 'wrong' | 'quality'; unitPaise: number }[];
  note?: string;
  /** The shopper's photo: `/api/orders/<order id>/photos/<random id>`, served to the order's shopper and the shop's staff who see orders only. */
  photo?: string;
  status: 'open' | 'refunded' | 'declined';
  capPaise: number;
  resolvedAt?: string;
  resolutionNote?: string;
  amountPaise?: number;
  refund?: OrderAdjustmentView['refund'];
  cashOwedPaise?: number;
  settledAt?: string;
}

/** The coupon an order used and what it took off. */
export interface OrderCouponView {
  code: string;
  discountPaise: number;
}

/** GET /api/coupons: the public offers, judged against the shopper's cart. */
export type OffersResponse = ApiSuccess<{ coupons: OfferView[]; subtotalPaise: number }>;
/** POST /api/coupons/check { code, items? }: the coupon's discount on the cart (or 4xx with the reason). */
export type CouponCheckResponse = ApiSuccess<{ coupon: OfferView; price: PriceBreakdown }>;
/** GET /api/seller/coupons */
export type SellerCouponsResponse = ApiSuccess<{ coupons: SellerCoupon[]; /** The shop's SHOP_TIMEZONE, in which coupon days are read. */ timeZone?: string }>;
/** POST /api/seller/coupons, PATCH /api/seller/coupons/:id */
export type SellerCouponResponse = ApiSuccess<{ coupon: SellerCoupon }>;

/** How an online order was paid. `paymentStatus` becomes 'refunded' once Razorpay has processed the refund. */
export interface OrderPaymentView {
  provider: 'razorpay';
  razorpayOrderId: string;
  razorpayPaymentId: string;
  refundId?: string;
  refundStatus?: 'pending' | 'processed' | 'failed';
  /** When the refund was processed. */
  refundedAt?: string;
}

/** GET /api/getorder/user and GET /api/getorder/admin/seller */
export type OrderPageResponse = ApiSuccess<{ orderdata: OrderView[] } & PageInfo>;
/** POST /api/placeorders */
export type PlaceOrderResponse = ApiSuccess<{ order: OrderView }>;

/** GET /api/payments/options: whether online payment is offered, and what checkout.js needs besides the key. */
export type PaymentOptionsResponse = ApiSuccess<{
  online: { available: true } | { available: false; reason: string };
  /** Where the page loads Razorpay's checkout.js from. */
  checkoutUrl: string;
  shop: { name: string; email: string; phone: string };
}>;
/** GET /api/getkey: Razorpay's public key id. */
export type PaymentKeyResponse = ApiSuccess<{ key: string }>;

/** A Razorpay order as Razorpay returns it; `amount` is in paise and is the server's price. */
export interface RazorpayOrderView {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt?: string | null;
  status: string;
}
/** POST /api/paymentonline with `{ address, items }` */
export type OnlinePaymentResponse = ApiSuccess<{ order: RazorpayOrderView }>;

/** What Razorpay Checkout hands the page after a payment: the body of POST /api/payment-success. */
export interface PaymentSuccessBody {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
/** POST /api/payment-success → the paid order (201 when recorded now, 200 when it already was). */
export type PaymentSuccessResponse = ApiSuccess<{ order: OrderView }>;

/** GET /api/shop (public, issue 54): what every shopper's screen needs of the shop's settings. */
export type PublicShopResponse = ApiSuccess<{ shop: ShopTaxView }>;

/** One credit note of an order (issue 54): GET /api/orders/:id/credit-notes and the seller's. */
export interface CreditNoteView {
  /** Its place among the order's notes, from 1: …/credit-notes/<n>.pdf. */
  n: number;
  /** "CN/26-27/000001". */
  number: string;
  /** When the refund it records was made. */
  at: string;
  reason: string;
  /** The invoice it is against. */
  invoice: string;
  amountPaise: number;
  taxPaise: number;
}
export type CreditNotesResponse = ApiSuccess<{ creditNotes: CreditNoteView[] }>;
