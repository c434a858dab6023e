import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PreferencesResponse } from '../types';
import { accountKeys } from './keys';

/** GET /api/account/preferences → the shopper's mail preferences, and whether the shop sends mail. */
export function getPreferences(): Promise<PreferencesResponse> {
  return api.get<PreferencesResponse>('/api/account/preferences');
}

export const getPreferencesQueryOptions = (userId: string) => queryOptions({ queryKey: accountKeys.preferences(userId), queryFn: getPreferences });

export function usePreferences(userId: string) {
  return useQuery(getPreferencesQueryOptions(userId));
}
