import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Response } from 'express';
import type { Environment } from '../config/environment';
import { SESSION_MAX_AGE_MS, sessionCookieOptions } from './session';

/** Sets and clears session cookies with the same attributes (a cookie is only cleared by a matching path and flags). */
@Injectable()
export class SessionCookies {
  constructor(private readonly config: ConfigService<Environment, true>) {}

  set(res: Response, name: string, token: string, maxAge = SESSION_MAX_AGE_MS): void {
    res.cookie(name, token, { ...this.options(), maxAge });
  }

  clear(res: Response, name: string): void {
    res.clearCookie(name, this.options());
  }

  options(extra: { path?: string } = {}) {
    const env = {
      NODE_ENV: this.config.get('NODE_ENV', { infer: true }),
      COOKIE_SECURE: this.config.get('COOKIE_SECURE', { infer: true }),
      PUBLIC_URL: this.config.get('PUBLIC_URL', { infer: true }),
    };
    return { ...sessionCookieOptions(env), ...extra };
  }
}
