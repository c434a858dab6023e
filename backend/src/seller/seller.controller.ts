import { Body, Controller, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LoginDto } from '../auth/dto/login.dto';
import { LoginAttempt } from '../common/decorators/login-attempt.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { SELLER_COOKIE } from '../sessions/session';
import { SessionCookies } from '../sessions/session-cookies';
import { SessionService } from '../sessions/session.service';
import { SellerCredentials } from '../sessions/seller-credentials';

@ApiTags('seller')
@Controller()
export class SellerController {
  constructor(
    private readonly seller: SellerCredentials,
    private readonly cookies: SessionCookies,
    private readonly sessions: SessionService,
  ) {}

  @Post('sellerlogin')
  @HttpCode(200)
  @LoginAttempt()
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: Response) {
    this.cookies.set(res, SELLER_COOKIE, await this.seller.login(dto.email, dto.password));
    return { success: true, message: 'Welcome back! You are signed in as the seller.' };
  }

  @Get('is-auth-seller')
  @SellerOnly()
  @Header('Cache-Control', 'no-store')
  isAuthSeller() {
    return { success: true };
  }

  /** Ends this seller session on the server too: the spec's GET (refused when another website sends it) and a POST form. */
  @Get('sellerLogout')
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.endSession(req, res);
  }

  @Post('sellerLogout')
  @HttpCode(200)
  logoutByPost(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.endSession(req, res);
  }

  /** Every seller session ends, on every device and instance, this one included (a lost phone, a shared computer). */
  @Post('sellerLogout/everywhere')
  @SellerOnly()
  @HttpCode(200)
  async logoutEverywhere(@Res({ passthrough: true }) res: Response) {
    await this.sessions.endAllSellerSessions();
    this.cookies.clear(res, SELLER_COOKIE);
    return { success: true, message: 'Signed out on every device' };
  }

  private async endSession(req: Request, res: Response) {
    await this.sessions.endSession(req.cookies ?? {}, 'seller');
    this.cookies.clear(res, SELLER_COOKIE);
    return { success: true, message: 'Logged out' };
  }
}
