import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SHOPPER_COOKIE } from './session';
import { ShopperGuard } from './shopper.guard';

/** The route needs a signed-in shopper (401 otherwise). Pair with `@CurrentUser()`. */
export const ShopperOnly = () =>
  applyDecorators(UseGuards(ShopperGuard), ApiCookieAuth(SHOPPER_COOKIE), ApiUnauthorizedResponse({ description: 'Not signed in' }));
