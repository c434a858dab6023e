import { SOCKET_EVENTS } from '@greencart/domain';
import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { useMatch } from 'react-router-dom';
import { playChime, unlockChime } from '@/lib/chime';
import { formatPrice } from '@/lib/format';
import { useSocketEvent, type ShopSocket } from '@/lib/socket';
import { newOrdersSeen, orderArrived, orderCancelled, useNewOrders } from './new-orders';
import { orderSoundOn } from './order-sound';

/**
 * Tell the seller about each new order the moment it is placed, and each order a shopper cancels (it
 * may be on the packing table): a chime (unless muted), a toast, and a count on the Orders menu entry
 * until they open the orders list. Returns those counts.
 */
export function useNewOrderAlerts(socket: ShopSocket | null): { newOrders: number; cancelled: number } {
  const onOrdersPage = Boolean(useMatch('/seller/orders'));

  useSocketEvent(socket, SOCKET_EVENTS.orderPlaced, (order) => {
    orderArrived(order._id, onOrdersPage);
    if (orderSoundOn()) playChime();
    toast.info(`New order from ${order.address.firstName}: ${formatPrice(order.amount)}`, { id: `new-order-${order._id}` });
  });

  useSocketEvent(socket, SOCKET_EVENTS.orderUpdated, (order) => {
    if (order.status !== 'Cancelled' || order.cancelledBy !== 'shopper') return;
    // Counted even on the orders list: the card may be scrolled away (tapping Orders clears the count).
    if (!orderCancelled(order._id)) return;
    if (orderSoundOn()) playChime();
    const name = order.orderNumber ? `Order ${order.orderNumber}` : 'An order';
    toast.error(`${name} was cancelled by the shopper (${formatPrice(order.amount)}): do not send it`, { id: `order-cancelled-${order._id}` });
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

  const { unseen, unseenCancelled } = useNewOrders();
  return { newOrders: unseen, cancelled: unseenCancelled };
}
