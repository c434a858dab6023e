import { BadRequestException, Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import { SellerOnly } from '../../sessions/seller-only.decorator';
import { AdjustOrderDto } from './dto/adjust-order.dto';
import { OrderAdjusting } from './order-adjusting.service';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

@ApiTags('packing')
@Controller()
export class PackingController {
  constructor(private readonly adjusting: OrderAdjusting) {}

  /** The seller packs an order short or with substitutes (issue 39); the same Idempotency-Key again answers the first change. */
  @Post('seller/orders/:id/adjust')
  @SellerOnly('packing')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'One value per change (e.g. a UUID)' })
  async adjust(@Param('id') id: string, @Body() dto: AdjustOrderDto, @Headers('idempotency-key') key: string | undefined) {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new BadRequestException('Idempotency-Key must be 8–100 letters, digits, - or _');
    const { order, adjustment, replayed } = await this.adjusting.adjust(id, dto, key);
    return {
      success: true,
      message: replayed ? 'This change was made already' : adjustment.cancels ? 'Nothing packed: order cancelled' : 'Order changed',
      order,
      adjustment,
    };
  }
}
