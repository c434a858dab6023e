import { queryOptions } from '@tanstack/react-query';
import type { ApiSuccess } from '@greencart/domain';
import { api } from '@/lib/api-client';
import { pushKeys } from './keys';

/** GET /api/push/key → the shop's VAPID public key (base64url), or null when the shop sends no pushes. */
export async function getPushKey(): Promise<string | null> {
  const { publicKey } = await api.get<ApiSuccess<{ publicKey: string | null }>>('/api/push/key');
  return publicKey;
}

export const getPushKeyQueryOptions = () => queryOptions({ queryKey: pushKeys.key(), queryFn: getPushKey, staleTime: Infinity });
