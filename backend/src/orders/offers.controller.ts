import { priceCartIn } from '@greencart/domain';
import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { cartLines } from '../cart/cart-items';
import { CartService } from '../cart/cart.service';
import { offerView } from '../coupons/coupons.service';
import { CurrentUser, OptionalUser } from '../sessions/current-user.decorator';
import { OptionalShopperGuard } from '../sessions/shopper.guard';
import { ShopService } from '../shop/shop.service';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { CouponCheckDto } from './dto/coupon-check.dto';
import { OrderCoupons } from './order-coupons';

/** Coupons as shoppers meet them: the public offers against their cart, and checking a code before checkout. */
@ApiTags('coupons')
@Controller('coupons')
export class OffersController {
  constructor(
    private readonly coupons: OrderCoupons,
    private readonly cart: CartService,
    private readonly shop: ShopService,
  ) {}

  @Get()
  @UseGuards(OptionalShopperGuard)
  @ApiOperation({ summary: "The shop's public offers, each judged against the signed-in shopper's saved cart" })
  async offers(@OptionalUser() user: UserData | undefined) {
    const userId = user ? String(user._id) : undefined;
    const { subtotalPaise } = userId ? await this.coupons.subtotalOf(cartLines(await this.cart.get(userId))) : { subtotalPaise: 0 };
    return { success: true, coupons: await this.coupons.offers(userId, subtotalPaise), subtotalPaise };
  }

  @Post('check')
  @HttpCode(200)
  @ShopperOnly()
  @ApiOperation({ summary: "Whether a coupon code goes with the shopper's cart (the lines sent, else the saved cart), and what it saves" })
  async check(@CurrentUser() user: UserData, @Body() dto: CouponCheckDto) {
    const userId = String(user._id);
    const lines = dto.items ?? cartLines(await this.cart.get(userId));
    const { subtotalPaise, priced } = await this.coupons.subtotalOf(lines);
    const judged = await this.coupons.judge(userId, dto.code, subtotalPaise);
    return {
      success: true,
      coupon: offerView(judged.coupon, judged.discountPaise, null),
      price: priceCartIn(await this.shop.tax(), priced, null, judged.coupon),
    };
  }
}
