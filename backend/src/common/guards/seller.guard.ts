import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { SHOPPER_AUDIENCE, SHOPPER_COOKIE, TOKEN_ISSUER } from './session';

/**
 * Lets a request through only with a valid seller cookie (checked against the current seller
 * credentials by the `seller-jwt` strategy). Without one: 403 when the caller is a signed-in
 * shopper (wrong role), 401 otherwise.
 */
@Injectable()
export class SellerGuard extends AuthGuard('seller-jwt') {
  constructor(private readonly jwt: JwtService) {
    super();
  }

  handleRequest<TUser>(err: unknown, user: TUser | false | null, _info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    if (user) return user;
    if (this.isShopper(context.switchToHttp().getRequest<Request>())) throw new ForbiddenException('This area is for the seller only');
    throw new UnauthorizedException('Please log in as the seller');
  }

  private isShopper(req: Request): boolean {
    const token: unknown = req.cookies?.[SHOPPER_COOKIE];
    if (typeof token !== 'string' || !token) return false;
    try {
      this.jwt.verify(token, { audience: SHOPPER_AUDIENCE, issuer: TOKEN_ISSUER, algorithms: ['HS256'] });
      return true;
    } catch {
      return false;
    }
  }
}
