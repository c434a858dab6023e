import { SOCKET_EVENTS } from '@greencart/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSocketConnected, useSocketEvent, type ShopSocket } from '@/lib/socket';
import { statsKeys } from './keys';

/** At most one refetch of the figures per this many ms, however fast orders come in. */
const REFRESH_EVERY_MS = 700;

/**
 * Keeps the figures live: the server pushes `stats-updated` once an order (or its cancellation or
 * refund) is counted, and the figures are asked for again; after a reconnect too (pushes were missed).
 */
export function useStatsPushes(socket: ShopSocket | null): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef(0);
  const refresh = () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + REFRESH_EVERY_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: statsKeys.all });
    }, wait);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useSocketEvent(socket, SOCKET_EVENTS.statsUpdated, refresh);
  useSocketConnected(socket, refresh);
}
