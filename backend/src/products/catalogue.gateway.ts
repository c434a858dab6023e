import { CATALOGUE_NAMESPACE, SOCKET_EVENTS, type ServerToClientEvents } from '@greencart/domain';
import type { OnApplicationShutdown } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Namespace } from 'socket.io';
import { Catalogue } from './catalogue';

/**
 * Tells every open storefront page (product, cart, checkout), guests' too, that products' stock or
 * price changed, instead of each page asking every second. Anyone may open the namespace: it carries
 * nothing private and has no handler for
 * anything a socket sends.
 *
 * Each instance tells only its own sockets (`local`), once its own catalogue shows the change: a
 * change made on another instance reaches this one over the cluster bus (Catalogue), so the page's
 * next request, whichever instance answers it, finds the change; the Redis adapter would otherwise
 * carry the same push twice, or before this instance can answer with it.
 */
@WebSocketGateway({ namespace: CATALOGUE_NAMESPACE })
export class CatalogueGateway implements OnApplicationShutdown {
  @WebSocketServer() private server: Namespace<Record<string, never>, ServerToClientEvents> | undefined;
  private readonly stopWatching: () => void;

  constructor(catalogue: Catalogue) {
    this.stopWatching = catalogue.watch((change) => this.server?.local.emit(SOCKET_EVENTS.catalogueChanged, change));
  }

  onApplicationShutdown(): void {
    this.stopWatching();
  }
}
