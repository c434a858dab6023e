import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuthResponse } from '../types';
import { setSessionUser } from './session-cache';

export interface RegisterInput {
  firstName: string;
  email: string;
  password: string;
}

/** POST /api/register → { success, userData, message } and a session cookie. */
export function register(input: RegisterInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/register', input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => setSessionUser(queryClient, (await register(input)).userData),
  });
}
