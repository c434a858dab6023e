import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatKeys } from './keys';

/** POST /api/chat/read → the shopper has read the shop's replies. */
export function markMineRead(): Promise<ApiSuccess> {
  return api.post<ApiSuccess>('/api/chat/read');
}

export function useMarkMineRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMineRead,
    // Asked again rather than set to 0: a count fetched before the read landed must not win.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.myUnread(userId) }),
  });
}
