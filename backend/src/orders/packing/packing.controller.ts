import { firstNameOf, nameWithSize, roleMay } from '@greencart/domain';
import { BadRequestException, Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { ActivityLog } from '../../sessions/activity/activity-log';
import { CurrentSeller } from '../../sessions/current-seller.decorator';
import type { SellerSession } from '../../sessions/session.service';
import { SellerOnly } from '../../sessions/seller-only.decorator';
import type { OrderDocument } from '../schemas/order.schema';
import { AdjustOrderDto } from './dto/adjust-order.dto';
import { OrderAdjusting } from './order-adjusting.service';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

@ApiTags('packing')
@Controller()
export class PackingController {
  constructor(
    private readonly adjusting: OrderAdjusting,
    private readonly activity: ActivityLog,
  ) {}

  /** The seller packs an order short or with substitutes (issue 39); the same Idempotency-Key again answers the first change. */
  @Post('seller/orders/:id/adjust')
  @SellerOnly('packing')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'One value per change (e.g. a UUID)' })
  async adjust(
    @CurrentSeller() seller: SellerSession,
    @Param('id') id: string,
    @Body() dto: AdjustOrderDto,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new BadRequestException('Idempotency-Key must be 8–100 letters, digits, - or _');
    const by = seller.account === 'owner' ? 'seller' : firstNameOf(seller.name);
    const { order, adjustment, replayed, before } = await this.adjusting.adjust(id, dto, key, by, { mayCancel: roleMay(seller.account, 'refunds') });
    if (!replayed && before) {
      const subject = { name: `Order ${order.orderNumber ?? id}`, id };
      const refund = adjustment.refund
        ? { refundPaise: adjustment.refund.amountPaise, way: 'online', receipt: adjustment.refund.receipt }
        : adjustment.cashOwedPaise
          ? { refundPaise: adjustment.cashOwedPaise, way: 'cash' }
          : undefined;
      // Both entries asked at once go into the same batch of the log (in this order), one turn of its lock, not two.
      await Promise.all([
        this.activity.record(seller, 'order.packing', subject, packedFields(before), packedFields(order)),
        ...(refund ? [this.activity.record(seller, 'order.refund', subject, undefined, refund)] : []),
      ]);
    }
    return {
      success: true,
      message: replayed ? 'This change was made already' : adjustment.cancels ? 'Nothing packed: order cancelled' : 'Order changed',
      order,
      adjustment,
    };
  }
}

/** What a packing change changes, as the activity log keeps it: the amount and each line's count. */
function packedFields(order: OrderDocument): Record<string, unknown> {
  return {
    amountPaise: order.amountPaise,
    status: order.status,
    lines: order.items.map((item) => `${nameWithSize(item.name, item.label)} × ${item.quantity}`),
  };
}
