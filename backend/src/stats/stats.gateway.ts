import { SOCKET_EVENTS, type ServerToClientEvents, type StatsPush } from '@greencart/domain';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server } from 'socket.io';
import { SELLERS_ROOM } from '../chat/chat.gateway';
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
    this.server?.to(SELLERS_ROOM).emit(SOCKET_EVENTS.statsUpdated, change);
  }
}
