import type { ApiSuccess, UserView } from '@greencart/domain';

export type User = UserView;

/** POST /api/login and /api/register */
export type AuthResponse = ApiSuccess<{ userData: User }>;
