import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { SELLER_AUDIENCE, SELLER_COOKIE, TOKEN_ISSUER, type SellerTokenPayload } from '../common/guards/session';
import type { Environment } from '../config/environment';
import { SellerService } from './seller.service';

export interface SellerSession {
  role: 'seller';
  email: string;
}

/** Reads the seller's JWT from the `sellerToken` cookie and checks it against the current seller credentials. */
@Injectable()
export class SellerJwtStrategy extends PassportStrategy(Strategy, 'seller-jwt') {
  constructor(
    config: ConfigService<Environment, true>,
    private readonly seller: SellerService,
  ) {
    super({
      jwtFromRequest: (req: Request) => {
        const token: unknown = req?.cookies?.[SELLER_COOKIE];
        return typeof token === 'string' && token ? token : null;
      },
      secretOrKey: config.get('JWT_SECRET', { infer: true }),
      audience: SELLER_AUDIENCE,
      issuer: TOKEN_ISSUER,
      algorithms: ['HS256'],
    });
  }

  validate(payload: SellerTokenPayload): SellerSession | null {
    return this.seller.isCurrent(payload) ? { role: 'seller', email: payload.sub } : null;
  }
}
