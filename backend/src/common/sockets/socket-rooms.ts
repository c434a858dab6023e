import { allStaffMay, type SellerPermission } from '@greencart/domain';
import type { Server } from 'socket.io';

/**
 * The socket.io rooms of the shop's one socket server (chat, order pushes, stats pushes), and who in
 * them receives a seller push. ChatGateway puts each socket in its rooms at the handshake.
 */

/** The seller's account room (one seller). */
export const SELLERS_ROOM = 'sellers';
/** A shopper's account room: every socket of theirs, whatever the session. */
export const shopperRoom = (userId: string) => `user:${userId}`;
/** Every staff member's sockets (left out of what only the owner receives). */
export const STAFF_ROOM = 'staff';
/** The seller sockets whose roles have `permission` (the domain's table of socket events). */
export const sellersWith = <S extends Server>(server: S | undefined, permission: SellerPermission) =>
  allStaffMay(permission) ? server?.to(SELLERS_ROOM) : server?.to(SELLERS_ROOM).except(STAFF_ROOM);
/** A staff member's sockets: they close when the person is removed or their sessions end. */
export const staffRoom = (staffId: string) => `staff:${staffId}`;
/** The sockets opened with one session (its token's `sid`). */
export const sessionRoom = (sid: string) => `session:${sid}`;
