import type { CartResponse } from '@greencart/domain';
import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../sessions/current-user.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { CartService, type SavedCart } from './cart.service';
import { CartItemsDto } from './dto/cart-items.dto';

const answer = (cart: SavedCart): CartResponse => ({ success: true, cartItems: cart.items, cartVersion: cart.version, cartNotices: cart.notices });

@ApiTags('cart')
@Controller()
@ShopperOnly()
export class CartController {
  constructor(private readonly cart: CartService) {}

  /** Replaces the shopper's saved cart (the spec's call: the whole cart each time). */
  @Post('updateCart')
  @HttpCode(200)
  async update(@CurrentUser() user: UserData, @Body() dto: CartItemsDto) {
    return { success: true, message: 'Cart updated', cartItems: await this.cart.replace(user._id, dto.cartItems) };
  }

  /** The saved cart now, with its version and what the shop took out of it (a tab coming back into focus). */
  @Get('cart')
  async get(@CurrentUser() user: UserData): Promise<CartResponse> {
    return answer(await this.cart.read(user._id));
  }

  /** Changes only the lines given (0 removes a line); every other saved line stays as it is. */
  @Patch('cart')
  async changeLines(@CurrentUser() user: UserData, @Body() dto: CartItemsDto): Promise<CartResponse> {
    return answer(await this.cart.changeLines(user._id, dto.cartItems));
  }

  /** The shopper has read the cart's notices. */
  @Delete('cart/notices')
  async clearNotices(@CurrentUser() user: UserData): Promise<CartResponse> {
    return answer(await this.cart.clearNotices(user._id));
  }

  /** Adds a guest cart into the saved one on sign-in. */
  @Post('cart/merge')
  @HttpCode(200)
  async merge(@CurrentUser() user: UserData, @Body() dto: CartItemsDto) {
    return { success: true, cartItems: await this.cart.merge(user._id, dto.cartItems) };
  }
}
