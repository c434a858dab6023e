export { firstSellerOrders, newestSellerOrders, useSellerOrders } from './api/get-seller-orders';
export { orderKeys } from './api/keys';
export { useUpdateOrderStatus } from './api/update-order-status';
export { DeliveryAddress } from './components/delivery-address';
export { LoadMore } from './components/load-more';
export { StatusBadge } from './components/status-badge';
export { statusActionLabel } from './order-status';
export { paymentLabel } from './payment-status';
/** My orders loads with its route. */
export const loadMyOrdersPage = () => import('./routes/my-orders');
/** The confirmation after placing an order loads with its route. */
export const loadOrderPlacedPage = () => import('./routes/order-placed');
export { OrderSearch } from './components/order-search';
export { flattenOrders, formatExpectedDelivery, formatPlacedAt, isLate, itemImage, itemName, orderNumberOf, placedAgo, type Order } from './types';
export { InvoiceButton } from './components/invoice-button';
export { CreditNotes, mayHaveCreditNotes } from './components/credit-notes';
