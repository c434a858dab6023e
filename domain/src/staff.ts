/**
 * The shop's team: who may do what in the seller area. ONE table, read by the server (every seller
 * route and socket event names the permission it needs) and by the seller area (its navigation).
 */

/** The owner is the shop's own account (SELLER_EMAIL); managers and packers are staff the owner invites. */
export const SELLER_ROLES = ['owner', 'manager', 'packer'] as const;
export type SellerRole = (typeof SELLER_ROLES)[number];
/** The roles the owner can give. */
export const STAFF_ROLES = ['manager', 'packer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a seller route or socket event needs. A route that names none is the owner's alone. */
export const SELLER_PERMISSIONS = [
  /** Signed in to the seller area at all: the session check, sign-out everywhere, own password. */
  'session',
  /** Orders: list, details, status up to Delivered. */
  'orders',
  /** Packing changes of an order (`POST /api/seller/orders/:id/adjust`). */
  'packing',
  /** Slot pick lists (`GET /api/seller/slots/:date/:start/picklist`). */
  'picklists',
  /** Chat with shoppers (history and the socket's replies). */
  'chat',
  /** Stock: in/out of stock and counts. */
  'stock',
  /** Products: add, edit, delete, import and export. */
  'products',
  /** Delivery areas and fees. */
  'delivery',
  /** Delivery slots (inside the delivery settings). */
  'slots',
  'coupons',
  /** Problem reports (`GET /api/seller/issues`, `POST /api/seller/issues/:id/resolve`). */
  'issues',
  /** Cancelling orders (which refunds paid ones) and refunds. */
  'refunds',
  /** The dashboard's money figures. */
  'money',
  'orders-csv',
  'invoices',
  /** Mail settings and the outbox's failed messages; the shop's legal details. */
  'mail',
  'staff',
  'activity',
] as const;
export type SellerPermission = (typeof SELLER_PERMISSIONS)[number];

const PACKER: readonly SellerPermission[] = ['session', 'orders', 'packing', 'picklists', 'chat', 'stock'];
const MANAGER: readonly SellerPermission[] = [...PACKER, 'products', 'delivery', 'slots', 'coupons', 'issues', 'refunds'];

export const ROLE_PERMISSIONS: Record<SellerRole, readonly SellerPermission[]> = {
  packer: PACKER,
  manager: MANAGER,
  owner: SELLER_PERMISSIONS,
};

const ALLOWED: Record<SellerRole, ReadonlySet<SellerPermission>> = {
  packer: new Set(PACKER),
  manager: new Set(MANAGER),
  owner: new Set(SELLER_PERMISSIONS),
};

/** Whether a role may use what needs `permission`; no permission named means the owner's alone. */
export function roleMay(role: SellerRole, permission: SellerPermission | undefined): boolean {
  if (permission === undefined) return role === 'owner';
  return ALLOWED[role]?.has(permission) ?? false;
}

export const ROLE_LABELS: Record<SellerRole, string> = { owner: 'Owner', manager: 'Manager', packer: 'Packer' };

export const MAX_STAFF = 50;
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 128;
export const STAFF_NAME_MAX_LENGTH = 60;
export const INVITATION_VALID_MS = 48 * 60 * 60 * 1000;

/** The first word of a name, as shoppers and the order timeline see a staff member ("Ravi"). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/**
 * The seller header's greeting of who is signed in: "Hi Ravi · Packer", "Hi Meena · Manager". The owner's
 * account has no name of its own (the session calls it 'Owner'): "Hi · Owner", or "Hi Lakshmi · Owner" once it has one.
 */
export function sellerGreeting({ role, name }: { role: SellerRole; name: string }): string {
  const first = role === 'owner' && name.trim() === ROLE_LABELS.owner ? '' : firstNameOf(name);
  return first ? `Hi ${first} · ${ROLE_LABELS[role]}` : `Hi · ${ROLE_LABELS[role]}`;
}

/** `GET /api/seller/me`: who is signed in to the seller area. */
export interface SellerAccount {
  role: SellerRole;
  name: string;
  email: string;
  permissions: SellerPermission[];
}

/** A staff member as the owner's Staff screen lists them. */
export interface StaffMember {
  _id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** 'invited' until the person has set a password through the invitation. */
  state: 'invited' | 'active';
  invitationExpiresAt: string | null;
  createdAt: string;
}

/** What the activity log records. */
export const ACTIVITY_KINDS = [
  'sign-in',
  'product.created',
  'product.edited',
  'product.deleted',
  'product.imported',
  'stock.changed',
  'order.status',
  'order.packing',
  'order.refund',
  'coupon.created',
  'coupon.edited',
  'coupon.deleted',
  'delivery.changed',
  'slots.changed',
  'shop.changed',
  'staff.invited',
  'staff.changed',
  'staff.removed',
  'staff.reset',
  'staff.joined',
  'staff.password',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  'sign-in': 'Signed in',
  'product.created': 'Product added',
  'product.edited': 'Product edited',
  'product.deleted': 'Product deleted',
  'product.imported': 'Catalogue imported',
  'stock.changed': 'Stock changed',
  'order.status': 'Order status',
  'order.packing': 'Packing change',
  'order.refund': 'Refund',
  'coupon.created': 'Coupon added',
  'coupon.edited': 'Coupon edited',
  'coupon.deleted': 'Coupon deleted',
  'delivery.changed': 'Delivery settings',
  'slots.changed': 'Delivery slots',
  'shop.changed': 'Shop details',
  'staff.invited': 'Staff invited',
  'staff.changed': 'Staff changed',
  'staff.removed': 'Staff removed',
  'staff.reset': 'Staff sign-in reset',
  'staff.joined': 'Staff joined',
  'staff.password': 'Password changed',
};

/** One entry of the activity log. */
export interface ActivityEntry {
  _id: string;
  at: string;
  actor: { id: string; name: string; role: SellerRole };
  kind: ActivityKind;
  /** What it was done to: "Order GC-10427", "Tomatoes", "Ravi Kumar". */
  subject: string;
  subjectId?: string;
  /** The changed fields only, before and after. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_KEEP_DAYS = 365;

/** What a seller socket's events need: sent by the seller area, and received by it (the server sends each only to roles that have it). */
export const SELLER_SOCKET_PERMISSIONS = {
  /** seller → server */
  'reply-to-user': 'chat',
  /** server → seller */
  'recive-this-message-seller': 'chat',
  'order-placed': 'orders',
  'order-updated': 'orders',
  'product-sold-out': 'stock',
  'stats-updated': 'money',
} as const satisfies Record<string, SellerPermission>;

/** Whether every staff role has `permission` (else staff sockets are left out of what needs it). */
export function allStaffMay(permission: SellerPermission): boolean {
  return STAFF_ROLES.every((role) => roleMay(role, permission));
}

const MOVED: Record<string, string> = { Packing: 'Packed', 'Out for delivery': 'Sent out', Delivered: 'Delivered', Cancelled: 'Cancelled' };

/** An order's step as its timeline says who made it: "Packed by Ravi". */
export function movedByLine(status: string, by: string): string {
  return `${MOVED[status] ?? status} by ${by}`;
}

/** How shoppers see who answered them: "Ravi from GreenCart" (the owner's replies: the shop's name alone). */
export function replierLine(by: string | undefined, shopName: string): string {
  return by ? `${by} from ${shopName}` : shopName;
}
