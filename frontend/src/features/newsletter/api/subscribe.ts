import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/query-client';

/** POST /api/newsletter → 201 { success, message }; 400 invalid email, 409 already subscribed. */
export function subscribeToNewsletter({ email }: { email: string }): Promise<{ success: true; message: string }> {
  return api.post('/api/newsletter', { email: email.trim() });
}

export function useSubscribeToNewsletter(mutationConfig?: MutationConfig<typeof subscribeToNewsletter>) {
  return useMutation({ mutationFn: subscribeToNewsletter, ...mutationConfig });
}
