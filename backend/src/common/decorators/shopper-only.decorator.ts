import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SHOPPER_COOKIE } from '../guards/session';
import { ShopperGuard } from '../guards/shopper.guard';

/** The route needs a signed-in shopper (401 otherwise). Pair with `@CurrentUser()`. */
export const ShopperOnly = () =>
  applyDecorators(UseGuards(ShopperGuard), ApiCookieAuth(SHOPPER_COOKIE), ApiUnauthorizedResponse({ description: 'Not signed in' }));
