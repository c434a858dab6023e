import { SOCKET_EVENTS } from '@greencart/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import { useMatch } from 'react-router-dom';
import { firstSellerOrders, newestSellerOrders, type Order } from '@/features/orders';
import { playChime, unlockChime } from '@/lib/chime';
import { formatPrice } from '@/lib/format';
import { useSocketConnected, useSocketEvent, type ShopSocket } from '@/lib/socket';
import { newOrdersSeen, orderArrived, orderCancelled, placedAfter, useNewOrders } from './new-orders';
import { orderSoundOn } from './order-sound';

/**
 * Tell the seller about each new order the moment it is placed, and each order a shopper cancels (it
 * may be on the packing table): a chime (unless muted), a toast, and a count on the Orders menu entry
 * until they open the orders list. Returns those counts.
 *
 * An order placed while the socket was not yet (or no longer) in the seller's room is never pushed:
 * each (re)connect compares the shop's newest orders with the newest the seller's pages knew of (at
 * first, the orders list as it was first read) and tells the seller of the ones that came in meanwhile.
 */
export function useNewOrderAlerts(socket: ShopSocket | null): { newOrders: number; cancelled: number } {
  const onOrdersPage = Boolean(useMatch('/seller/orders'));
  const queryClient = useQueryClient();
  // The newest orders the seller has been told of or shown (null: unknown, the read failed).
  const known = useRef<Promise<readonly Order[] | null> | null>(null);

  useEffect(() => {
    known.current ??= firstSellerOrders(queryClient).catch(() => null);
  }, [queryClient]);

  /** Marks and toasts a new order; false when the seller was told of it already. */
  const announce = (order: Order, seen: boolean) => {
    if (!orderArrived(order._id, seen)) return false;
    toast.info(`New order from ${order.address.firstName}: ${formatPrice(order.amount)}`, { id: `new-order-${order._id}` });
    return true;
  };

  useSocketEvent(socket, SOCKET_EVENTS.orderPlaced, (order) => {
    if (announce(order, onOrdersPage) && orderSoundOn()) playChime();
  });

  useSocketConnected(socket, () => {
    const seen = onOrdersPage;
    const before = known.current ?? Promise.resolve(null);
    known.current = before.then(async (earlier) => {
      const latest = await newestSellerOrders().catch(() => null);
      if (earlier && latest) {
        const missed = placedAfter(earlier, latest).filter((order) => order.status === 'Order Placed');
        const told = missed.filter((order) => announce(order, seen));
        if (told.length > 0 && orderSoundOn()) playChime();
      }
      return latest ?? earlier;
    });
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
