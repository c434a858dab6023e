import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsMongoId, IsNumber, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { OrderChoicesDto } from '../../orders/dto/order-choices.dto';
import { OrderLineDto } from '../../orders/dto/place-order.dto';

/**
 * Body of POST /api/paymentonline. Our storefront sends `{ address, items }`; the spec's original
 * client sends only `{ amount }`, and then the saved server cart is priced. A client amount is never
 * charged: the server's own price is.
 */
export class CreateOnlinePaymentDto extends OrderChoicesDto {
  @IsOptional()
  @IsMongoId({ message: 'Please select an address' })
  address?: string;

  @IsOptional()
  @IsArray({ message: 'items must be a list' })
  @ArrayMinSize(1, { message: 'Your cart is empty' })
  @ArrayMaxSize(50, { message: 'An order can have at most 50 lines' })
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  items?: OrderLineDto[];

  @ApiPropertyOptional({ description: 'Sent by the original client; ignored (the server prices the cart)' })
  @IsOptional()
  @IsNumber({}, { message: 'amount must be a number' })
  amount?: number;
}

const RAZORPAY_ID = /^[A-Za-z0-9_]{1,64}$/;

/** Body of POST /api/payment-success: what Razorpay Checkout hands the page, plus the original client's extra fields. */
export class PaymentSuccessDto {
  @IsString({ message: 'razorpay_payment_id is required' })
  @Matches(RAZORPAY_ID, { message: 'razorpay_payment_id is not a Razorpay id' })
  razorpay_payment_id: string;

  @IsString({ message: 'razorpay_order_id is required' })
  @Matches(RAZORPAY_ID, { message: 'razorpay_order_id is not a Razorpay id' })
  razorpay_order_id: string;

  @IsString({ message: 'razorpay_signature is required' })
  @Matches(/^[0-9a-f]{64}$/i, { message: 'razorpay_signature is not a signature' })
  razorpay_signature: string;

  /** The original client's: the shopper comes from the session, never from here. */
  @ApiPropertyOptional({ description: 'Ignored: the shopper comes from the session' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  userId?: string;

  /** The original client's: must then be one of the shopper's own saved addresses. */
  @IsOptional()
  @IsMongoId({ message: 'Please select an address' })
  address?: string;

  /** The original client's: ignored, the lines come from the checkout that was priced. */
  @ApiPropertyOptional({ description: 'Ignored: the lines come from the checkout' })
  @IsOptional()
  @IsArray()
  items?: unknown[];
}
