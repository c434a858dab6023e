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
  inStock: boolean;
  weight?: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/productList */
export type ProductListResponse = ApiSuccess<{ productsdata: ProductView[] }>;
/** GET /api/products */
export type ProductPageResponse = ApiSuccess<{ products: ProductView[] } & PageInfo>;

/** The shopper as the browser may see them (never the password hash). */
export interface UserView {
  _id: string;
  firstName: string;
  email: string;
  /** The saved cart: product id → quantity. */
  cartItems: Record<string, number>;
}

/** The nine fields a shopper fills in for a delivery address. */
export interface AddressFields {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
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
}

/**
 * An order as the shopper's and the seller's lists return it. `address` is the delivery address as
 * it was when ordered (its `_id` names the saved address it was copied from).
 */
export interface OrderView {
  _id: string;
  items: OrderLineView[];
  address: AddressView;
  /** Total in rupees (spec field); the paise fields are the exact figures. */
  amount: number;
  amountPaise: number;
  subtotalPaise: number;
  taxPaise: number;
  paymentType: PaymentType;
  paymentStatus: PaymentStatus;
  /** true once the money is in (spec field): paymentStatus is 'paid'. */
  isPaid: boolean;
  status: OrderStatus;
  statusHistory: { status: OrderStatus; at: string }[];
  createdAt: string;
  updatedAt: string;
  /** The 30-minute delivery promise. */
  expectedDeliveryAt: string;
}

/** GET /api/getorder/user and GET /api/getorder/admin/seller */
export type OrderPageResponse = ApiSuccess<{ orderdata: OrderView[] } & PageInfo>;
/** POST /api/placeorders */
export type PlaceOrderResponse = ApiSuccess<{ order: OrderView }>;
