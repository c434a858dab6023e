import type { ApiSuccess } from '@greencart/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setSellerSession } from '@/features/auth';
import { staffKeys } from '@/features/staff';
import { api } from '@/lib/api-client';

export interface SellerLoginInput {
  email: string;
  password: string;
}

/** POST /api/sellerlogin → { success, message } and the seller's session cookie. */
export function sellerLogin(input: SellerLoginInput): Promise<ApiSuccess> {
  return api.post('/api/sellerlogin', input);
}

export function useSellerLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sellerLogin,
    onSuccess: () => {
      // Who is signed in may change (owner or a staff member): their role is read again.
      queryClient.removeQueries({ queryKey: staffKeys.me() });
      setSellerSession(queryClient, true);
    },
    // Spec: a failed seller login sets the seller flag to false.
    onError: () => setSellerSession(queryClient, false),
  });
}
