import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { SessionService } from './session.service';

/**
 * Lets a request through only with a valid seller cookie (checked against the current seller
 * credentials by the `seller-jwt` strategy). Without one: 403 when the caller is a signed-in
 * shopper (wrong role), 401 otherwise.
 */
@Injectable()
export class SellerGuard extends AuthGuard('seller-jwt') {
  constructor(private readonly sessions: SessionService) {
    super();
  }

  handleRequest<TUser>(err: unknown, user: TUser | false | null, _info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    if (user) return user;
    if (this.sessions.hasShopperToken(context.switchToHttp().getRequest<Request>().cookies ?? {}))
      throw new ForbiddenException('This area is for the seller only');
    throw new UnauthorizedException('Please log in as the seller');
  }
}
