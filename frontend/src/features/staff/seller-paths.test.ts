import { describe, expect, it } from 'vitest';
import { homeOf, roleMayOpen } from './seller-paths';

describe('seller pages by role', () => {
  it('opens orders, chats and stock to a packer, and nothing else', () => {
    for (const path of ['/seller/orders', '/seller/chats', '/seller/product-list']) expect(roleMayOpen('packer', path)).toBe(true);
    for (const path of ['/seller', '/seller/add-product', '/seller/coupons', '/seller/delivery', '/seller/mail', '/seller/staff', '/seller/activity'])
      expect(roleMayOpen('packer', path)).toBe(false);
  });

  it('adds products, delivery and coupons for a manager, and keeps money, mail and staff for the owner', () => {
    for (const path of ['/seller/add-product', '/seller/products/import', '/seller/delivery', '/seller/coupons'])
      expect(roleMayOpen('manager', path)).toBe(true);
    for (const path of ['/seller', '/seller/mail', '/seller/shop', '/seller/staff', '/seller/activity']) {
      expect(roleMayOpen('manager', path)).toBe(false);
      expect(roleMayOpen('owner', path)).toBe(true);
    }
    expect(homeOf('packer')).toBe('/seller/orders');
    expect(homeOf('owner')).toBe('/seller');
  });
});
