import { CartView } from '@/features/cart';
import { OrderSummary } from '../components/order-summary';

/** /cart: the cart's lines, and beside them the order summary where the order is placed. */
export function CartRoute() {
  return <CartView aside={(summary) => <OrderSummary summary={summary} />} />;
}
