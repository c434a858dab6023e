import type { AddressView, OrderPageResponse, OrderView, PackSize, ProductView, UserView } from '@greencart/domain';

/** An order as the API returns it now, with its readable number. */
type OrderWithNumber = OrderView & { orderNumber?: string };
import { priceCart } from '@greencart/domain';

/** Objects shaped like the API's answers (domain/src/api.ts), for MSW handlers. */

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return { _id: 'user-1', firstName: 'Asha', email: 'asha@example.com', cartItems: {}, ...overrides };
}

/** A product; without `variants` in `overrides` it has one pack size, the top-level fields' (as the API answers for a single-size product). */
export function aProduct(overrides: Partial<ProductView> = {}): ProductView {
  const product: Omit<ProductView, 'variants'> & { variants?: PackSize[] } = {
    _id: 'product-1',
    name: 'Fresh Apples',
    description: ['Crisp and sweet'],
    category: 'Fruits',
    price: 120,
    offerPrice: 100,
    image: [],
    inStock: true,
    weight: '1 kg',
    stock: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
  const variants = product.variants ?? [
    {
      _id: product._id,
      label: product.weight ?? '1 pack',
      price: product.price,
      offerPrice: product.offerPrice,
      stock: product.stock,
      inStock: product.inStock,
    },
  ];
  // The top-level fields are the default (first) size's, as the API sends them.
  const first = variants[0]!;
  return { ...product, variants, price: first.price, offerPrice: first.offerPrice, stock: first.stock, inStock: first.inStock };
}

/** Ids shaped like the server's (24 hex digits): `id:size` cart keys are read with the domain's parseCartKey. */
export const ATTA_ID = '64a000000000000000000001';
export const ATTA_SIZES = { kg1: '64b000000000000000000001', kg5: '64b000000000000000000005', kg10: '64b000000000000000000010' } as const;

/** A product in three pack sizes: 1 kg (default), 5 kg and 10 kg; `sizes` changes some of their fields. */
export function aSizedProduct(sizes: Partial<Record<keyof typeof ATTA_SIZES, Partial<PackSize>>> = {}, overrides: Partial<ProductView> = {}): ProductView {
  const variants: PackSize[] = [
    { _id: ATTA_SIZES.kg1, label: '1 kg', price: 70, offerPrice: 62, size: { amount: 1, unit: 'kg' }, stock: null, inStock: true, ...sizes.kg1 },
    { _id: ATTA_SIZES.kg5, label: '5 kg', price: 300, offerPrice: 265, size: { amount: 5, unit: 'kg' }, stock: null, inStock: true, ...sizes.kg5 },
    { _id: ATTA_SIZES.kg10, label: '10 kg', price: 560, offerPrice: 499, size: { amount: 10, unit: 'kg' }, stock: null, inStock: true, ...sizes.kg10 },
  ];
  return aProduct({ _id: ATTA_ID, name: 'Aashirvaad Atta', category: 'Grains', weight: '1 kg', variants, ...overrides });
}

export function anAddress(overrides: Partial<AddressView> = {}): AddressView {
  return {
    _id: 'address-1',
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.com',
    street: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
    zipcode: '560001',
    country: 'India',
    phone: '9876543210',
    ...overrides,
  };
}

/** An order whose totals are priced like the server prices them. */
export function anOrder(overrides: Partial<OrderWithNumber> = {}): OrderWithNumber {
  const items = overrides.items ?? [
    {
      product: { _id: 'product-1', name: 'Fresh Apples', category: 'Fruits', image: [], offerPrice: 100 },
      name: 'Fresh Apples',
      category: 'Fruits',
      image: '',
      offerPrice: 100,
      quantity: 2,
    },
  ];
  const price = priceCart(items.map((item) => ({ offerPrice: item.offerPrice, quantity: item.quantity })));
  return {
    _id: 'order-1',
    orderNumber: `GC-${overrides._id ?? 'order-1'}`,
    items,
    address: anAddress(),
    amount: price.totalPaise / 100,
    amountPaise: price.totalPaise,
    subtotalPaise: price.subtotalPaise,
    taxPaise: price.taxPaise,
    paymentType: 'COD',
    paymentStatus: 'pending',
    isPaid: false,
    status: 'Order Placed',
    statusHistory: [{ status: 'Order Placed', at: '2025-01-01T10:00:00.000Z' }],
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    expectedDeliveryAt: '2025-01-01T10:30:00.000Z',
    ...overrides,
  };
}

/** One page of GET /api/getorder/user. */
export function anOrderPage(orders: OrderWithNumber[], { page = 1, limit = 10, total = orders.length } = {}): OrderPageResponse {
  return { success: true, orderdata: orders, page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
