import type { AddressView, OrderPageResponse, OrderView, ProductView, UserView } from '@greencart/domain';

/** An order as the API returns it now, with its readable number. */
type OrderWithNumber = OrderView & { orderNumber?: string };
import { priceCart } from '@greencart/domain';

/** Objects shaped like the API's answers (domain/src/api.ts), for MSW handlers. */

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return { _id: 'user-1', firstName: 'Asha', email: 'asha@example.com', cartItems: {}, ...overrides };
}

export function aProduct(overrides: Partial<ProductView> = {}): ProductView {
  return {
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
