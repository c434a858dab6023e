import { Controller, Get, Header, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../sessions/current-user.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { Gstr1Query } from './dto/gstr1.dto';
import { StatsRangeQuery } from './dto/stats-range.dto';
import { gstr1Zip } from './invoices/gstr1-csv';
import { Gstr1Service } from './invoices/gstr1.service';
import { InvoicesService, type Invoice } from './invoices/invoices.service';
import { OrdersExport } from './orders-export.service';
import { StatsService } from './stats.service';

@ApiTags('seller')
@Controller()
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly exports: OrdersExport,
    private readonly invoices: InvoicesService,
    private readonly gstr1: Gstr1Service,
  ) {}

  /** The month's GSTR-1 (issue 54): the GST portal offline tool's JSON, or `format=csv` its CSV templates in a zip. The owner's. */
  @Get('seller/gst/gstr1')
  @SellerOnly()
  async gstr1File(@Query() query: Gstr1Query, @Res() res: Response) {
    const file = await this.gstr1.file(query.month);
    const name = `GSTR1_${file.gstin}_${file.fp}`;
    res.setHeader('Cache-Control', 'private, no-store');
    if (query.format === 'csv') {
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="${name}.zip"`);
      res.end(gstr1Zip(file));
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${name}.json"`);
    res.end(JSON.stringify(file));
  }

  /** Sales, orders, average order value, days, top products, payment split and the queue: read from the roll-ups by `_id`. */
  @Get('seller/stats')
  @SellerOnly()
  @Header('Cache-Control', 'no-store')
  getStats(@Query() query: StatsRangeQuery) {
    return this.stats.stats(query);
  }

  /** Every order placed in the range (default: today), oldest first, as CSV (UTF-8 with a byte order mark, one header row). */
  @Get('seller/orders.csv')
  @SellerOnly()
  async ordersCsv(@Query() query: StatsRangeQuery, @Res() res: Response) {
    const range = this.exports.range(query);
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="greencart-orders-${range.from}${range.to === range.from ? '' : `-to-${range.to}`}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      for await (const chunk of this.exports.csv(range)) {
        if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve));
      }
      res.end();
    } catch (error) {
      // Nothing sent yet: an answer in the error shape. Else the download is cut short rather than ending as a file that looks complete.
      if (!res.headersSent) {
        res.removeHeader('Content-Disposition');
        throw error;
      }
      res.destroy(error as Error);
    }
  }

  /** The tax invoice of any order (PDF). */
  @Get('seller/orders/:id/invoice.pdf')
  @SellerOnly()
  async sellerInvoice(@Param('id') id: string, @Res() res: Response) {
    send(res, await this.invoices.invoice(id));
  }

  /** The credit notes of an order (issue 54): one per refund after its invoice, numbered as they are first read. */
  @Get('seller/orders/:id/credit-notes')
  @SellerOnly()
  @Header('Cache-Control', 'no-store')
  async sellerCreditNotes(@Param('id') id: string) {
    return { success: true, creditNotes: await this.invoices.creditNotes(id) };
  }

  /** One credit note of any order (PDF), n from 1. */
  @Get('seller/orders/:id/credit-notes/:n.pdf')
  @SellerOnly()
  async sellerCreditNote(@Param('id') id: string, @Param('n') n: string, @Res() res: Response) {
    send(res, await this.invoices.creditNotePdf(id, noteIndex(n)), 'credit-note');
  }

  @Get('orders/:id/credit-notes')
  @ShopperOnly()
  @Header('Cache-Control', 'no-store')
  async shopperCreditNotes(@CurrentUser() user: UserData, @Param('id') id: string) {
    return { success: true, creditNotes: await this.invoices.creditNotes(id, user._id) };
  }

  @Get('orders/:id/credit-notes/:n.pdf')
  @ShopperOnly()
  async shopperCreditNote(@CurrentUser() user: UserData, @Param('id') id: string, @Param('n') n: string, @Res() res: Response) {
    send(res, await this.invoices.creditNotePdf(id, noteIndex(n), user._id), 'credit-note');
  }

  /** The tax invoice of one of the shopper's own orders (PDF); another shopper's order is 404. */
  @Get('orders/:id/invoice.pdf')
  @ShopperOnly()
  async shopperInvoice(@CurrentUser() user: UserData, @Param('id') id: string, @Res() res: Response) {
    send(res, await this.invoices.invoice(id, user._id));
  }
}

/** A credit note's place among the order's notes (from 1); anything else names none (404). */
function noteIndex(n: string): number {
  if (!/^[1-9]\d{0,3}$/.test(n)) throw new NotFoundException('This order has no such credit note');
  return Number(n);
}

function send(res: Response, invoice: Invoice, kind: 'invoice' | 'credit-note' = 'invoice') {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${kind}-${invoice.number.replace(/\//g, '-')}.pdf"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(invoice.pdf);
}
