import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuthResponse } from '../types';
import { setSessionUser } from './session-cache';

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/login → { success, userData, message } and a session cookie. */
export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => setSessionUser(queryClient, (await login(input)).userData),
  });
}
