import { ExecutionContext, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { Environment, isGoogleEnabled } from '../config/environment';
import type { UserData } from '../users/users.service';
import type { GoogleState } from './google-state.store';
import { safeReturnTo } from './return-to';

export const GOOGLE_DISABLED_MESSAGE = 'Google sign-in is not configured';

/** What the callback route learns from the strategy; failures are redirects, not JSON errors. */
export interface GoogleOutcome {
  user: UserData | null;
  returnTo: string;
}

export type RequestWithGoogleOutcome = Request & { googleOutcome?: GoogleOutcome };

/**
 * Runs the Google strategy: on /auth/google it redirects to Google; on the callback it exchanges the
 * code and records the outcome for the controller instead of throwing. 503 when not configured.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  private readonly logger = new Logger('GoogleSignIn');

  constructor(private readonly config: ConfigService<Environment, true>) {
    super();
  }

  canActivate(context: ExecutionContext) {
    const enabled = isGoogleEnabled({
      GOOGLE_CLIENT_ID: this.config.get('GOOGLE_CLIENT_ID', { infer: true }),
      GOOGLE_CLIENT_SECRET: this.config.get('GOOGLE_CLIENT_SECRET', { infer: true }),
    });
    if (!enabled) throw new ServiceUnavailableException(GOOGLE_DISABLED_MESSAGE);
    return super.canActivate(context);
  }

  getAuthenticateOptions(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<Request>();
    return { session: false, prompt: 'select_account', state: { returnTo: safeReturnTo(req.query.returnTo) } };
  }

  handleRequest<TUser>(err: unknown, user: TUser | false, info: { state?: GoogleState; message?: string } | undefined, context: ExecutionContext): TUser {
    const req = context.switchToHttp().getRequest<RequestWithGoogleOutcome>();
    if (err) this.logger.warn(`Google sign-in failed: ${err instanceof Error ? err.message : String(err)}`);
    else if (!user) this.logger.log(`Google sign-in not completed: ${info?.message ?? 'denied or cancelled'}`);
    req.googleOutcome = { user: !err && user ? (user as unknown as UserData) : null, returnTo: safeReturnTo(info?.state?.returnTo) };
    return (req.googleOutcome.user ?? null) as TUser;
  }
}
