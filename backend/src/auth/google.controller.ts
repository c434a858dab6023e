import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { SHOPPER_COOKIE } from '../sessions/session';
import { SessionCookies } from '../sessions/session-cookies';
import { Environment, isGoogleEnabled } from '../config/environment';
import { AuthService } from './auth.service';
import { GoogleAuthGuard, type RequestWithGoogleOutcome } from './google-auth.guard';
import { GoogleStateStore } from './google-state.store';

/** Where a failed or cancelled Google sign-in lands (the storefront shows the reason). */
export const GOOGLE_FAILED_REDIRECT = '/?login=failed';

@ApiTags('auth')
@Controller('auth/google')
export class GoogleController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: SessionCookies,
    private readonly config: ConfigService<Environment, true>,
  ) {}

  /** Whether the storefront should offer "Login with Google". */
  @Get('status')
  status() {
    return {
      success: true,
      enabled: isGoogleEnabled({
        GOOGLE_CLIENT_ID: this.config.get('GOOGLE_CLIENT_ID', { infer: true }),
        GOOGLE_CLIENT_SECRET: this.config.get('GOOGLE_CLIENT_SECRET', { infer: true }),
      }),
    };
  }

  /** Redirects to Google's consent page (the guard does it); `?returnTo=/path` says where to come back. */
  @Get()
  @UseGuards(GoogleAuthGuard)
  start(): void {}

  @Get('callback')
  @UseGuards(GoogleAuthGuard)
  async callback(@Req() req: RequestWithGoogleOutcome, @Res() res: Response) {
    GoogleStateStore.clear(req, this.cookies);
    const outcome = req.googleOutcome;
    if (!outcome?.user) return res.redirect(302, GOOGLE_FAILED_REDIRECT);
    this.cookies.set(res, SHOPPER_COOKIE, await this.auth.signSession(outcome.user));
    return res.redirect(302, outcome.returnTo);
  }
}
