import { SOCKET_EVENTS } from '@greencart/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '@/features/auth';
import { useOpenSocket, useSocketConnected, useSocketEvent } from '@/lib/socket';
import { toast } from '@/lib/toast';
import { applySavedCart } from '../api/cart-cache';
import { useClearCartNotices } from '../api/clear-cart-notices';
import { refreshSavedCart } from '../api/get-cart';
import { cartKeys } from '../api/keys';

/**
 * Keeps a signed-in shopper's cart current with their other tabs and devices: read again when the tab
 * comes back into view, and from the live socket's `cart-updated` push while a page holds one. Shows
 * once what the shop took out of the cart (a product it no longer sells).
 */
export function CartSync() {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const signedIn = !!user;
  const notices = user?.cartNotices;
  const { mutate: clearNotices } = useClearCartNotices();

  useEffect(() => {
    if (!signedIn) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshSavedCart(queryClient);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [signedIn, queryClient]);

  const socket = useOpenSocket('user');
  useSocketEvent(socket, SOCKET_EVENTS.cartUpdated, (cart) => {
    if (queryClient.isMutating({ mutationKey: cartKeys.update() }) === 0) applySavedCart(queryClient, { cartItems: cart.cartItems, cartVersion: cart.version });
  });
  // Pushes sent while the socket was down are lost: read the cart again.
  useSocketConnected(socket, () => void refreshSavedCart(queryClient));

  useEffect(() => {
    if (!notices?.length) return;
    for (const notice of notices) toast.info(notice, { id: `cart-notice:${notice}` });
    clearNotices();
  }, [notices, clearNotices]);

  return null;
}
