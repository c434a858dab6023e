import { SetMetadata } from '@nestjs/common';

export const LOGIN_ATTEMPT = 'greencart:login-attempt';
export const REGISTRATION = 'greencart:registration';

/** Counts the request against the sign-in limits (per IP and email, per account, per address), on top of the global limit. */
export const LoginAttempt = () => SetMetadata(LOGIN_ATTEMPT, true);

/** Counts the request against the per-address registration limit. */
export const Registration = () => SetMetadata(REGISTRATION, true);
