import { SOCKET_EVENTS } from '@greencart/domain';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useMatch } from 'react-router-dom';
import { playChime, unlockChime } from '@/lib/chime';
import { formatPrice } from '@/lib/format';
import { useSocketEvent, type ShopSocket } from '@/lib/socket';
import { newOrdersSeen, orderArrived, useNewOrders } from './new-orders';
import { orderSoundOn } from './order-sound';

/**
 * Tell the seller about each new order the moment it is placed: a chime (unless muted), a toast, and
 * a count on the Orders menu entry until they open the orders list. Returns that count.
 */
export function useNewOrderAlerts(socket: ShopSocket | null): number {
  const onOrdersPage = Boolean(useMatch('/seller/orders'));

  useSocketEvent(socket, SOCKET_EVENTS.orderPlaced, (order) => {
    orderArrived(order._id, onOrdersPage);
    if (orderSoundOn()) playChime();
    toast.info(`New order from ${order.address.firstName}: ${formatPrice(order.amount)}`, { id: `new-order-${order._id}` });
  });

  useEffect(() => {
    if (onOrdersPage) newOrdersSeen();
  }, [onOrdersPage]);

  // The first click or key press lets the page play sound later (browsers' autoplay rule).
  useEffect(() => {
    const unlock = () => unlockChime();
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, []);

  return useNewOrders().unseen;
}
