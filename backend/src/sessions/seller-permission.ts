import type { SellerPermission } from '@greencart/domain';

/** The metadata key of the permission a seller route needs (the domain's role table); OWNER_ONLY when it names none. */
export const SELLER_PERMISSION = 'greencart:seller-permission';
export const OWNER_ONLY = 'owner-only';
export type RoutePermission = SellerPermission | typeof OWNER_ONLY;
