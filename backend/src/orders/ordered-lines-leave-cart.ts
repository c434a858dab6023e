import { Injectable } from '@nestjs/common';
import { CartService } from '../cart/cart.service';
import { OnDomainEvent } from '../common/events/domain-events';
import { ORDER_PLACED, type OrderPlacedEvent } from './order.events';

/** What was ordered leaves the shopper's saved cart once the order is placed (orders sits above cart: the listener lives here). */
@Injectable()
export class OrderedLinesLeaveCart {
  constructor(private readonly cart: CartService) {}

  @OnDomainEvent(ORDER_PLACED)
  takeOrderedLines(event: OrderPlacedEvent): Promise<void> {
    return this.cart.takeOrderedLines(event.userId, event.order.items);
  }
}
