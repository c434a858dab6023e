import type { ApiSuccess } from '@greencart/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerKeys } from './keys';

/** A message that gave up (the outbox stopped trying), with why. */
export interface FailedMessage {
  id: string;
  channel: string;
  kind: string;
  to: string | null;
  subject: string | null;
  orderNumber: string | null;
  reason: string;
  attempts: number;
  queuedAt: string;
  failedAt: string;
}

export type MailOverview = ApiSuccess<{
  mail: { enabled: true; from: string } | { enabled: false; reason: string };
  outbox: { waiting: number; serverDown: boolean; sent: number; failed: number; skipped: number; retried: number };
  failed: FailedMessage[];
}>;

/** GET /api/seller/notifications → mail on or off, what this instance holds, the messages that gave up. */
export function getMail(): Promise<MailOverview> {
  return api.get<MailOverview>('/api/seller/notifications');
}

export const getMailQueryOptions = () => queryOptions({ queryKey: sellerKeys.mail(), queryFn: getMail, refetchInterval: 30_000 });

export function useMail() {
  return useQuery(getMailQueryOptions());
}
