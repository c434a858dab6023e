import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { SHOPPER_AUDIENCE, SHOPPER_COOKIE, TOKEN_ISSUER, type ShopperTokenPayload } from '../common/guards/session';
import type { Environment } from '../config/environment';
import { UserData, UsersService } from '../users/users.service';

/** Reads the shopper's JWT from the `token` cookie and re-loads the account, so a deleted account's cookie stops working. */
@Injectable()
export class ShopperJwtStrategy extends PassportStrategy(Strategy, 'shopper-jwt') {
  constructor(
    config: ConfigService<Environment, true>,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: (req: Request) => {
        const token: unknown = req?.cookies?.[SHOPPER_COOKIE];
        return typeof token === 'string' && token ? token : null;
      },
      secretOrKey: config.get('JWT_SECRET', { infer: true }),
      audience: SHOPPER_AUDIENCE,
      issuer: TOKEN_ISSUER,
      algorithms: ['HS256'],
    });
  }

  async validate(payload: ShopperTokenPayload): Promise<UserData | null> {
    if (payload?.role !== 'shopper' || typeof payload.sub !== 'string') return null;
    return this.users.findById(payload.sub);
  }
}
