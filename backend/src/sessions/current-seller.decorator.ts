import { createParamDecorator, ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import type { SellerSession } from './session.service';

/** The seller account (owner or staff) signed in on a `@SellerOnly(...)` route: who did it, for the activity log. */
export const CurrentSeller = createParamDecorator((_data: unknown, context: ExecutionContext): SellerSession => {
  const seller = context.switchToHttp().getRequest<{ user?: SellerSession }>().user;
  if (!seller || (seller as { role?: unknown }).role !== 'seller')
    throw new InternalServerErrorException('CurrentSeller used on a route without @SellerOnly()');
  return seller;
});
