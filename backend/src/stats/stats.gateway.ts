import { SELLER_SOCKET_PERMISSIONS, SOCKET_EVENTS, type ServerToClientEvents, type StatsPush } from '@greencart/domain';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server } from 'socket.io';
import { sellersWith } from '../common/sockets/socket-rooms';
import { STATS_CHANGED } from './rollup-store';
import { OnDomainEvent } from '../common/events/domain-events';

/**
 * Tells the seller's open pages that the figures changed, once they are written (the `order-placed`
 * push goes out while they are still being counted). Same socket.io server as the chat; the Redis
 * adapter carries it to the sellers connected to other instances.
 */
@WebSocketGateway()
export class StatsGateway {
  @WebSocketServer() private server: Server<Record<string, never>, ServerToClientEvents>;

  @OnDomainEvent(STATS_CHANGED)
  statsChanged(change: StatsPush) {
    sellersWith(this.server, SELLER_SOCKET_PERMISSIONS[SOCKET_EVENTS.statsUpdated])?.emit(SOCKET_EVENTS.statsUpdated, change);
  }
}
