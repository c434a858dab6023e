import { CanActivate, createParamDecorator, ExecutionContext, Injectable, InternalServerErrorException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { SessionService, type Sessions } from './session.service';

type SignedInRequest = Request & { sessions?: Sessions };

/**
 * Lets a request through with a valid shopper or seller session, or both (401 with neither); the route
 * reads them with `@CurrentSessions()` and decides itself what each may see (a photo of an order: its
 * shopper, and seller accounts whose role sees orders).
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly sessions: SessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<SignedInRequest>();
    const sessions = await this.sessions.fromCookies((request.cookies ?? {}) as Record<string, string | undefined>);
    if (!sessions.shopper && !sessions.seller) throw new UnauthorizedException('Please log in to continue');
    request.sessions = sessions;
    return true;
  }
}

/** The shopper and seller sessions a `SignedInGuard` route was called with (at least one of them). */
export const CurrentSessions = createParamDecorator((_data: unknown, context: ExecutionContext): Sessions => {
  const sessions = context.switchToHttp().getRequest<SignedInRequest>().sessions;
  if (!sessions) throw new InternalServerErrorException('CurrentSessions used on a route without SignedInGuard');
  return sessions;
});
