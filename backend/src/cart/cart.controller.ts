import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../sessions/current-user.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { CartService } from './cart.service';
import { CartItemsDto } from './dto/cart-items.dto';

@ApiTags('cart')
@Controller()
@ShopperOnly()
export class CartController {
  constructor(private readonly cart: CartService) {}

  /** Replaces the shopper's saved cart. */
  @Post('updateCart')
  @HttpCode(200)
  async update(@CurrentUser() user: UserData, @Body() dto: CartItemsDto) {
    return { success: true, message: 'Cart updated', cartItems: await this.cart.replace(user._id, dto.cartItems) };
  }

  /** Adds a guest cart into the saved one on sign-in. */
  @Post('cart/merge')
  @HttpCode(200)
  async merge(@CurrentUser() user: UserData, @Body() dto: CartItemsDto) {
    return { success: true, cartItems: await this.cart.merge(user._id, dto.cartItems) };
  }
}
