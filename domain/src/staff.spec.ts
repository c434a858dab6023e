import { firstNameOf, movedByLine, replierLine, ROLE_PERMISSIONS, roleMay, SELLER_PERMISSIONS, SELLER_ROLES, sellerGreeting } from './staff';

describe('seller roles', () => {
  it('gives the owner every permission, and an unnamed permission to the owner alone', () => {
    for (const permission of SELLER_PERMISSIONS) expect(roleMay('owner', permission)).toBe(true);
    expect(roleMay('owner', undefined)).toBe(true);
    expect(roleMay('manager', undefined)).toBe(false);
    expect(roleMay('packer', undefined)).toBe(false);
  });

  it('lets a packer handle orders, chat and stock only', () => {
    expect(ROLE_PERMISSIONS.packer).toEqual(['session', 'orders', 'packing', 'picklists', 'chat', 'stock']);
    expect(roleMay('packer', 'products')).toBe(false);
    expect(roleMay('packer', 'refunds')).toBe(false);
  });

  it('gives a manager everything a packer has, plus products, delivery, slots, coupons, issues and refunds, but not money or staff', () => {
    for (const permission of ROLE_PERMISSIONS.packer) expect(roleMay('manager', permission)).toBe(true);
    for (const permission of ['products', 'delivery', 'slots', 'coupons', 'issues', 'refunds'] as const) expect(roleMay('manager', permission)).toBe(true);
    for (const permission of ['money', 'orders-csv', 'invoices', 'mail', 'staff', 'activity'] as const) expect(roleMay('manager', permission)).toBe(false);
  });

  it('gives every role that answers problem reports (which refund) the refunds permission too', () => {
    for (const role of SELLER_ROLES) if (roleMay(role, 'issues')) expect(roleMay(role, 'refunds')).toBe(true);
  });

  it('shows a staff member by their first name', () => {
    expect(firstNameOf('  Ravi  Kumar ')).toBe('Ravi');
  });

  it('greets the person signed in by first name and role; the owner by role alone until the account has a name', () => {
    expect(sellerGreeting({ role: 'packer', name: 'Ravi Kumar' })).toBe('Hi Ravi · Packer');
    expect(sellerGreeting({ role: 'manager', name: 'Meena Iyer' })).toBe('Hi Meena · Manager');
    expect(sellerGreeting({ role: 'owner', name: 'Owner' })).toBe('Hi · Owner');
    expect(sellerGreeting({ role: 'owner', name: 'Lakshmi Rao' })).toBe('Hi Lakshmi · Owner');
    expect(sellerGreeting({ role: 'packer', name: '  ' })).toBe('Hi · Packer');
  });
});

describe('attribution', () => {
  it('says who moved an order and who answered a shopper', () => {
    expect(movedByLine('Packing', 'Ravi')).toBe('Packed by Ravi');
    expect(replierLine('Ravi', 'GreenCart')).toBe('Ravi from GreenCart');
    expect(replierLine(undefined, 'GreenCart')).toBe('GreenCart');
  });
});
