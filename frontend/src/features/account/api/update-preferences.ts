import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MailPreferences, PreferencesResponse } from '../types';
import { accountKeys } from './keys';

/** PATCH /api/account/preferences: only the fields sent change. */
export function updatePreferences(change: Partial<MailPreferences>): Promise<PreferencesResponse> {
  return api.patch<PreferencesResponse>('/api/account/preferences', change);
}

/** Shown switched at once (a person notices a toggle that waits); put back if the server says no. */
export function useUpdatePreferences(userId: string) {
  const queryClient = useQueryClient();
  const key = accountKeys.preferences(userId);
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PreferencesResponse>(key);
      if (before) queryClient.setQueryData<PreferencesResponse>(key, { ...before, preferences: { ...before.preferences, ...change } });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}
