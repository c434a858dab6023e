import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { SessionService } from '../../sessions/session.service';
import { SELLER_RECIPIENT, shopperRecipient } from '../mail/email-channel';

/** The account a push subscription belongs to, as the guard found it. */
export type PushAccountRequest = Request & { pushAccount?: string };

/**
 * A signed-in shopper or the seller (401 otherwise). With both sessions in one browser the shopper's
 * counts, unless the body says `account: 'seller'`. Sets `request.pushAccount` (`shopper:<id>` or `seller`).
 */
@Injectable()
export class PushAccountGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PushAccountRequest>();
    const { shopper, seller } = await this.sessions.fromCookies((request.cookies ?? {}) as Record<string, string | undefined>);
    const wanted = (request.body as { account?: unknown } | undefined)?.account;
    if (seller && (wanted === 'seller' || !shopper)) request.pushAccount = SELLER_RECIPIENT;
    else if (shopper && wanted !== 'seller') request.pushAccount = shopperRecipient(String(shopper._id));
    else throw new UnauthorizedException(wanted === 'seller' ? 'Please log in as the seller' : 'Please log in to get notifications');
    return true;
  }
}
