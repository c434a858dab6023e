import { SOCKET_EVENTS } from '@greencart/domain';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateProductQueries } from '@/features/products';
import { useSocketEvent, type ShopSocket } from '@/lib/socket';
import { toast } from '@/lib/toast';

/** Tell the seller the moment a counted product's last unit is taken, and show its new count everywhere. */
export function useSoldOutAlerts(socket: ShopSocket | null): void {
  const queryClient = useQueryClient();
  useSocketEvent(socket, SOCKET_EVENTS.productSoldOut, (product) => {
    toast.info(`${product.name} just sold out`, { id: `sold-out-${product.productId}` });
    void invalidateProductQueries(queryClient);
  });
}
