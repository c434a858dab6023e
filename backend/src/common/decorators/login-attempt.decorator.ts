import { SetMetadata } from '@nestjs/common';

export const LOGIN_ATTEMPT = 'greencart:login-attempt';

/** Counts the request against the sign-in limit (per IP and email), on top of the global limit. */
export const LoginAttempt = () => SetMetadata(LOGIN_ATTEMPT, true);
