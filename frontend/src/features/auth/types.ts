import type { ApiSuccess, UserView } from '@greencart/domain';

export type User = UserView;

/** GET /api/session: who this browser is. */
export interface Session {
  shopper: User | null;
  seller: boolean;
}

/** POST /api/login and /api/register */
export type AuthResponse = ApiSuccess<{ userData: User }>;
