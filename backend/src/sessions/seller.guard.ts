import { ROLE_LABELS, roleMay } from '@greencart/domain';
import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { OWNER_ONLY, SELLER_PERMISSION, type RoutePermission } from './seller-permission';
import { SessionService, type SellerSession } from './session.service';

/**
 * Lets a request through only with a valid seller cookie (checked by the `seller-jwt` strategy: the
 * owner's current credentials, or a staff member who still exists) whose role, read for this request,
 * has the route's permission. Without a seller session: 403 when the caller is a signed-in shopper
 * (wrong role), 401 otherwise; with one whose role lacks the permission, 403.
 */
@Injectable()
export class SellerGuard extends AuthGuard('seller-jwt') {
  constructor(
    private readonly sessions: SessionService,
    private readonly reflector: Reflector,
  ) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const seller = context.switchToHttp().getRequest<{ user?: SellerSession }>().user!;
    const permission = this.reflector.getAllAndOverride<RoutePermission | undefined>(SELLER_PERMISSION, [context.getHandler(), context.getClass()]);
    if (!roleMay(seller.account, permission === OWNER_ONLY || permission === undefined ? undefined : permission))
      throw new ForbiddenException(`Your role (${ROLE_LABELS[seller.account]}) does not allow this part of the seller area; ask the shop owner`);
    return true;
  }

  handleRequest<TUser>(err: unknown, user: TUser | false | null, _info: unknown, context: ExecutionContext): TUser {
    if (err) throw err;
    if (user) return user;
    if (this.sessions.hasShopperToken(context.switchToHttp().getRequest<Request>().cookies ?? {}))
      throw new ForbiddenException('This area is for the seller only');
    throw new UnauthorizedException('Please log in as the seller');
  }
}
