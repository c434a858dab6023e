import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import type { Environment } from '../config/environment';
import { passportSigningKey, SHOPPER_AUDIENCE, SHOPPER_COOKIE, TOKEN_ISSUER, type ShopperTokenPayload } from './session';
import { SessionService, type Shopper } from './session.service';

/** Reads the shopper's JWT from the `token` cookie; the session service decides whether it still names an account. */
@Injectable()
export class ShopperJwtStrategy extends PassportStrategy(Strategy, 'shopper-jwt') {
  constructor(
    config: ConfigService<Environment, true>,
    private readonly sessions: SessionService,
  ) {
    super({
      jwtFromRequest: (req: Request) => {
        const token: unknown = req?.cookies?.[SHOPPER_COOKIE];
        return typeof token === 'string' && token ? token : null;
      },
      secretOrKeyProvider: passportSigningKey(config.get('JWT_SECRET', { infer: true })),
      audience: SHOPPER_AUDIENCE,
      issuer: TOKEN_ISSUER,
      algorithms: ['HS256'],
    });
  }

  validate(payload: ShopperTokenPayload): Promise<Shopper | null> {
    return this.sessions.shopperFromClaims(payload);
  }
}
