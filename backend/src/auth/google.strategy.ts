import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { JwtService } from '@nestjs/jwt';
import { PassportStrategy } from '@nestjs/passport';
import { Profile, Strategy, type StrategyOptions } from 'passport-google-oauth20';
import type { SessionCookies } from '../sessions/session-cookies';
import type { Environment } from '../config/environment';
import type { UserData, UsersService } from '../users/users.service';
import { GoogleStateStore } from './google-state.store';

/**
 * Real OAuth 2.0 authorization-code flow with Google (endpoints from config, so tests can run a
 * local server that speaks the protocol). Only a verified Google email signs anyone in.
 * Built by AuthModule only when Google sign-in is configured.
 */
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  private readonly logger = new Logger(GoogleStrategy.name);

  constructor(
    config: ConfigService<Environment, true>,
    jwt: JwtService,
    cookies: SessionCookies,
    private readonly users: UsersService,
  ) {
    const options: Omit<StrategyOptions, 'store'> & { store: GoogleStateStore } = {
      clientID: config.get('GOOGLE_CLIENT_ID', { infer: true })!,
      clientSecret: config.get('GOOGLE_CLIENT_SECRET', { infer: true })!,
      callbackURL: config.get('GOOGLE_CALLBACK_URL', { infer: true }),
      authorizationURL: config.get('GOOGLE_AUTH_URL', { infer: true }),
      tokenURL: config.get('GOOGLE_TOKEN_URL', { infer: true }),
      userProfileURL: config.get('GOOGLE_USERINFO_URL', { infer: true }),
      scope: ['openid', 'email', 'profile'],
      // Our own state store (passport-oauth2 `store` option): no server sessions needed.
      store: new GoogleStateStore(jwt, cookies),
    };
    // The typings know only 2- and 3-argument stores; passport-oauth2 also calls 4-argument ones (with the state object).
    super(options as unknown as StrategyOptions);
    // Send the access token to the userinfo endpoint in a header rather than the URL (kept out of logs).
    (this as unknown as { _oauth2: { useAuthorizationHeaderforGET(use: boolean): void } })._oauth2.useAuthorizationHeaderforGET(true);
  }

  async validate(_accessToken: string, _refreshToken: string | undefined, profile: Profile): Promise<[UserData | false, { message: string }?]> {
    const primary = profile.emails?.[0];
    const verified = (primary?.verified as unknown) === true || (primary?.verified as unknown) === 'true';
    const email = primary?.value?.trim().toLowerCase();
    if (!profile.id || !email || !verified || email.length > 254 || !email.includes('@')) {
      this.logger.warn('Google sign-in refused: no verified email in the profile');
      return [false, { message: 'Your Google account has no verified email' }];
    }
    const firstName = (profile.name?.givenName || profile.displayName || email.split('@')[0]).trim().slice(0, 50) || 'Shopper';
    return [await this.users.findOrCreateFromGoogle({ googleId: String(profile.id), email, firstName })];
  }
}
