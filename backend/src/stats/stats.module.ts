import { Module } from '@nestjs/common';
import { LocksModule } from '../common/locks/locks.module';
import { OrdersModule } from '../orders/orders.module';
import { ProductsModule } from '../products/products.module';
import { ShopModule } from '../shop/shop.module';
import { UsersModule } from '../users/users.module';
import { Gstr1Service } from './invoices/gstr1.service';
import { InvoiceIssuing } from './invoices/invoice-issuing';
import { InvoicesService } from './invoices/invoices.service';
import { OrdersExport } from './orders-export.service';
import { RollupStore } from './rollup-store';
import { StatsController } from './stats.controller';
import { StatsGateway } from './stats.gateway';
import { StatsService } from './stats.service';

/** The seller's figures (roll-ups kept by the order events), the CSV export and tax invoices (orders read through OrdersService). */
@Module({
  imports: [OrdersModule, LocksModule, UsersModule, ProductsModule, ShopModule],
  controllers: [StatsController],
  providers: [RollupStore, StatsService, OrdersExport, InvoicesService, InvoiceIssuing, Gstr1Service, StatsGateway],
  exports: [StatsService],
})
export class StatsModule {}
