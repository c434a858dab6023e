import type { SellerPermission } from '@greencart/domain';
import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SELLER_COOKIE } from './session';
import { OWNER_ONLY, SELLER_PERMISSION } from './seller-permission';
import { SellerGuard } from './seller.guard';

/**
 * The route needs a seller account (owner or staff) whose role has `permission` (401 anonymous, 403
 * for a shopper or a role without it). Without an argument the route is the owner's alone, so a new
 * route is never opened to staff by accident.
 */
export const SellerOnly = (permission?: SellerPermission) =>
  applyDecorators(
    SetMetadata(SELLER_PERMISSION, permission ?? OWNER_ONLY),
    UseGuards(SellerGuard),
    ApiCookieAuth(SELLER_COOKIE),
    ApiUnauthorizedResponse({ description: 'Not signed in to the seller area' }),
    ApiForbiddenResponse({ description: permission ? `Needs the '${permission}' permission` : 'The owner only' }),
  );
