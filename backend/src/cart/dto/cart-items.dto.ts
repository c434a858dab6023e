import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { registerDecorator, ValidationArguments } from 'class-validator';
import type { CartItems } from '../schemas/cart.schema';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '@greencart/domain';
import { cartItemsProblem } from '../cart-items';

function IsCartItems() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isCartItems',
      target: object.constructor,
      propertyName,
      validator: {
        validate: (value: unknown) => cartItemsProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) => cartItemsProblem(args?.value) ?? 'Invalid cartItems',
      },
    });
}

/** Body of POST /api/updateCart, PATCH /api/cart and POST /api/cart/merge. */
export class CartItemsDto {
  @ApiProperty({
    description: `Product id → quantity (whole number 0–${MAX_LINE_QUANTITY}; 0 removes), at most ${MAX_CART_LINES} products`,
    example: { '65f1c0ffee0000000000abcd': 2 },
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 0, maximum: MAX_LINE_QUANTITY },
  })
  // The raw JSON object, not class-transformer's copy of it (which would swallow a `__proto__` key instead of rejecting it).
  @Transform(({ obj }: { obj: Record<string, unknown> }) => obj.cartItems)
  @IsCartItems()
  cartItems: CartItems;
}
