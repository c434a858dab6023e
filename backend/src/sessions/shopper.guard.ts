import { Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';

/**
 * Lets a request through only with a valid shopper cookie whose account still exists
 * (the `shopper-jwt` strategy re-reads the user from the database); otherwise 401.
 */
@Injectable()
export class ShopperGuard extends AuthGuard('shopper-jwt') {
  handleRequest<TUser>(err: unknown, user: TUser | false | null): TUser {
    if (err) throw err;
    if (!user) throw new UnauthorizedException('Please log in to continue');
    return user;
  }
}

/** Lets every request through; a valid shopper cookie makes `@CurrentUser()` the shopper (else undefined). */
@Injectable()
export class OptionalShopperGuard extends AuthGuard('shopper-jwt') {
  handleRequest<TUser>(_err: unknown, user: TUser | false | null): TUser {
    return (user || undefined) as TUser;
  }
}
