import { CATEGORIES, pickListLines, shortDay, slotText, type PickList } from '@greencart/domain';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DeliverySlotsService } from '../../delivery/slots/delivery-slots.service';
import { csvLine, CSV_BOM, textCell } from '../../common/csv/csv-cells';
import { ProductsService } from '../../products/products.service';
import { OrderCache } from '../order-cache';
import { OrdersService } from '../orders.service';
import type { OrderDocument } from '../schemas/order.schema';

const AISLES = CATEGORIES.map((c) => c.path as string);

/** The packer's view of a delivery slot: its orders and their pick list. */
@Injectable()
export class SlotOrders {
  constructor(
    private readonly slots: DeliverySlotsService,
    private readonly cache: OrderCache,
    private readonly reading: OrdersService,
    private readonly products: ProductsService,
  ) {}

  /** The orders in a slot (not cancelled), oldest first, with their products. */
  async ordersIn(date: string, start: string): Promise<OrderDocument[]> {
    const ids = await this.slots.orderIds(date, start);
    const found = await Promise.all(ids.map((id) => this.cache.findById(id)));
    const orders = found.filter((o): o is OrderDocument => !!o && o.status !== 'Cancelled').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return this.reading.withProductsAll(orders);
  }

  async pickList(date: string, start: string): Promise<PickList> {
    const ids = await this.slots.orderIds(date, start);
    const found = (await Promise.all(ids.map((id) => this.cache.findById(id)))).filter((o): o is OrderDocument => !!o && o.status !== 'Cancelled');
    const slot = found[0]?.deliverySlot ?? (await this.slots.upcoming()).find((s) => s.date === date && s.start === start);
    if (!slot) throw new NotFoundException(`No slot on ${shortDay(date)} at ${start}`);
    const shown = { date: slot.date, start: slot.start, end: slot.end };
    return { success: true, slot: shown, title: slotText(shown), orders: found.length, lines: pickListLines(found, AISLES, await this.packCodes(found)) };
  }

  /** Each pack size's SKU and barcode as the catalogue has them now (a deleted product or size has none). */
  private async packCodes(orders: OrderDocument[]): Promise<(product: string, variant: string | undefined) => { sku?: string; barcode?: string } | undefined> {
    const ids = orders.flatMap((order) => order.items.map((item) => String((item.product as { _id?: unknown } | null)?._id ?? item.product)));
    const views = new Map((await this.products.findByIds([...new Set(ids)])).map((view) => [String(view._id), view]));
    return (product, variant) => {
      const sizes = views.get(product)?.variants ?? [];
      // An order from before pack sizes names none: its product's default size.
      return variant ? sizes.find((size) => String(size._id) === variant) : sizes[0];
    };
  }

  /** The pick list as CSV (UTF-8 with a byte order mark): aisle, product, pack size, SKU, barcode, quantity, orders. */
  async pickListCsv(date: string, start: string): Promise<{ filename: string; body: string }> {
    const list = await this.pickList(date, start);
    const rows = list.lines.map((line) =>
      csvLine([
        textCell(line.category),
        textCell(line.name),
        textCell(line.label ?? ''),
        textCell(line.sku ?? ''),
        textCell(line.barcode ?? ''),
        String(line.quantity),
        String(line.orders),
      ]),
    );
    return {
      filename: `greencart-picklist-${date}-${start.replace(':', '')}.csv`,
      body: CSV_BOM + csvLine(['Aisle', 'Product', 'Pack size', 'SKU', 'Barcode', 'Quantity', 'Orders'].map(textCell)) + rows.join(''),
    };
  }
}
