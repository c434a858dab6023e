import { Injectable } from '@nestjs/common';
import { OrdersService } from '../orders/orders.service';
import { UsersService } from '../users/users.service';
import { CSV_BOM } from '../common/csv/csv-cells';
import { headerLine, orderLine, type CsvOrder } from './orders-csv';
import { rangeInstants } from '../common/time/shop-time';
import { StatsService, type RangeQuery } from './stats.service';

/** Lines per chunk written to the response. */
const CHUNK_LINES = 500;

/**
 * The seller's CSV of the orders placed in a range of days, found through the seller's order list (reads
 * by `_id`, see OrdersService.listedBetween: no query that reads every stored order).
 */
@Injectable()
export class OrdersExport {
  constructor(
    private readonly stats: StatsService,
    private readonly orders: OrdersService,
    private readonly users: UsersService,
  ) {}

  /** The range a query names (400 when it is wrong); a CSV without a range is today's. */
  range(query: RangeQuery): { from: string; to: string } {
    return this.stats.range(query, 1);
  }

  /** The CSV in chunks of text: byte order mark and header first, then the orders oldest first. */
  async *csv({ from, to }: { from: string; to: string }): AsyncGenerator<string> {
    const timeZone = this.stats.timeZone;
    const { start, end } = rangeInstants(from, to, timeZone);
    const names = new Map<string, string>();
    let chunk = CSV_BOM + headerLine();
    let lines = 0;
    for (const order of await this.orders.listedBetween(start, end)) {
      let name: string | undefined;
      if (!order.address) {
        const user = String(order.user);
        if (!names.has(user)) names.set(user, (await this.users.findById(user))?.firstName ?? '');
        name = names.get(user);
      }
      chunk += orderLine(order as unknown as CsvOrder, timeZone, name);
      if (++lines % CHUNK_LINES === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
}
