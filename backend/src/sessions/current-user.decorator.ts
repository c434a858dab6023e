import { createParamDecorator, ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import type { UserData } from '../users/users.service';

/** The signed-in shopper as loaded by `@ShopperOnly()` (as of the database at most SESSION_CHECK_TTL_MS ago; changes made through the shop count at once). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): UserData => {
  const user = context.switchToHttp().getRequest<{ user?: UserData }>().user;
  // Only reachable when a route forgot @ShopperOnly(): fail loudly rather than act for nobody.
  if (!user) throw new InternalServerErrorException('CurrentUser used on a route without @ShopperOnly()');
  return user;
});

/** The signed-in shopper on a route open to everyone (`OptionalShopperGuard`): undefined when signed out. */
export const OptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): UserData | undefined => {
  return context.switchToHttp().getRequest<{ user?: UserData }>().user ?? undefined;
});
