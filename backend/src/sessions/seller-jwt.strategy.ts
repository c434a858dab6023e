import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import type { Environment } from '../config/environment';
import { passportSigningKey, SELLER_AUDIENCE, SELLER_COOKIE, TOKEN_ISSUER, type SellerTokenPayload } from './session';
import { SessionService, type SellerSession } from './session.service';

/** Reads the seller's JWT from the `sellerToken` cookie; the session service checks it against the current seller credentials. */
@Injectable()
export class SellerJwtStrategy extends PassportStrategy(Strategy, 'seller-jwt') {
  constructor(
    config: ConfigService<Environment, true>,
    private readonly sessions: SessionService,
  ) {
    super({
      jwtFromRequest: (req: Request) => {
        const token: unknown = req?.cookies?.[SELLER_COOKIE];
        return typeof token === 'string' && token ? token : null;
      },
      secretOrKeyProvider: passportSigningKey(config.get('JWT_SECRET', { infer: true })),
      audience: SELLER_AUDIENCE,
      issuer: TOKEN_ISSUER,
      algorithms: ['HS256'],
    });
  }

  validate(payload: SellerTokenPayload): Promise<SellerSession | null> {
    return this.sessions.sellerFromClaims(payload);
  }
}
