import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { CurrentUser } from '../sessions/current-user.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { VerifyEmailDto } from './dto/email-verification.dto';
import { EmailVerificationService, VERIFY_LINK_HOURS } from './email-verification.service';

/** The shopper's address, verified by the link mailed after sign-up (or again on "Resend"). */
@ApiTags('auth')
@Controller('auth/verify-email')
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  /** Opens the link (the storefront's /verify-email page posts its token): the address is verified, once per link; no session needed, the link is the proof. */
  @Post()
  @HttpCode(200)
  async verify(@Body() dto: VerifyEmailDto) {
    const user = await this.verification.verify(dto.token);
    return { success: true, email: user.email, message: `Thank you: ${user.email} is confirmed. Receipts and order updates will come to it.` };
  }

  /** Another link to the signed-in shopper's address (429 within 2 minutes of the last one). */
  @Post('resend')
  @HttpCode(200)
  @ShopperOnly()
  @ApiTooManyRequestsResponse({ description: 'A link was mailed less than 2 minutes ago' })
  async resend(@CurrentUser() user: UserData) {
    if (!(await this.verification.send(user))) return { success: true, emailVerified: true, message: `${user.email} is confirmed already` };
    return {
      success: true,
      emailVerified: false,
      message: `We sent a new confirmation link to ${user.email}. It works once, for ${VERIFY_LINK_HOURS} hours.`,
    };
  }
}
