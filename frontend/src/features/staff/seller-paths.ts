import { roleMay, type SellerPermission, type SellerRole } from '@greencart/domain';

/** What each page of the seller area needs (the domain's role table); `undefined`: the owner's alone. */
const PATH_PERMISSIONS: Record<string, SellerPermission | undefined> = {
  '/seller': undefined,
  '/seller/add-product': 'products',
  '/seller/product-list': 'stock',
  '/seller/Product-list': 'stock',
  '/seller/products/import': 'products',
  '/seller/orders': 'orders',
  '/seller/chats': 'chat',
  '/seller/delivery': 'delivery',
  '/seller/coupons': 'coupons',
  '/seller/mail': undefined,
  '/seller/shop': undefined,
  '/seller/staff': 'staff',
  '/seller/activity': 'activity',
  '/seller/password': 'session',
};

/** Whether `role` may open the seller page at `pathname` (pages not listed: yes, they say "not found" themselves). */
export function roleMayOpen(role: SellerRole, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!(path in PATH_PERMISSIONS)) return true;
  return roleMay(role, PATH_PERMISSIONS[path]);
}

/** Where a staff member lands in the seller area (the dashboard's money figures are the owner's). */
export function homeOf(role: SellerRole): string {
  return role === 'owner' ? '/seller' : '/seller/orders';
}
