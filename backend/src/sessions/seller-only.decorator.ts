import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SELLER_COOKIE } from './session';
import { SellerGuard } from './seller.guard';

/** The route needs the seller's session (401 anonymous, 403 for a shopper). */
export const SellerOnly = () =>
  applyDecorators(
    UseGuards(SellerGuard),
    ApiCookieAuth(SELLER_COOKIE),
    ApiUnauthorizedResponse({ description: 'Not signed in as the seller' }),
    ApiForbiddenResponse({ description: 'Signed in as a shopper, not the seller' }),
  );
