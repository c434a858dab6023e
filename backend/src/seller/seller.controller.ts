import { firstNameOf } from '@greencart/domain';
import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { LoginDto } from '../auth/dto/login.dto';
import { LoginAttempt } from '../common/decorators/login-attempt.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { SELLER_COOKIE } from '../sessions/session';
import { SessionCookies } from '../sessions/session-cookies';
import { ActivityLog, type Actor } from '../sessions/activity/activity-log';
import { CurrentSeller } from '../sessions/current-seller.decorator';
import { OWNER_ID, SessionService, type SellerSession } from '../sessions/session.service';
import { StaffService } from '../sessions/staff/staff.service';

const OWNER: Actor = { id: OWNER_ID, name: 'Owner', account: 'owner' };
import { SellerCredentials } from '../sessions/seller-credentials';

@ApiTags('seller')
@Controller()
export class SellerController {
  constructor(
    private readonly seller: SellerCredentials,
    private readonly cookies: SessionCookies,
    private readonly sessions: SessionService,
    private readonly staff: StaffService,
    private readonly activity: ActivityLog,
  ) {}

  @Post('sellerlogin')
  @HttpCode(200)
  @LoginAttempt()
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: Response) {
    if (!this.seller.isOwnerEmail(dto.email)) return this.staffLogin(dto, res);
    this.cookies.set(res, SELLER_COOKIE, await this.seller.login(dto.email, dto.password));
    await this.activity.record(OWNER, 'sign-in', { name: 'Seller area' });
    return { success: true, message: 'Welcome back! You are signed in as the seller.' };
  }

  /** A staff member signs in on the same page with their own email and password. */
  private async staffLogin(dto: LoginDto, res: Response) {
    const signedIn = await this.staff.login(dto.email, dto.password);
    if (!signedIn) throw new UnauthorizedException('Invalid email or password');
    this.cookies.set(res, SELLER_COOKIE, signedIn.token);
    await this.activity.record(signedIn.actor, 'sign-in', { name: 'Seller area' });
    return { success: true, message: `Welcome back, ${firstNameOf(signedIn.actor.name)}! You are signed in to the seller area.` };
  }

  @Get('is-auth-seller')
  @SellerOnly('session')
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
  @SellerOnly('session')
  @HttpCode(200)
  async logoutEverywhere(@CurrentSeller() seller: SellerSession, @Res({ passthrough: true }) res: Response) {
    if (seller.account === 'owner') await this.sessions.endAllSellerSessions();
    else await this.staff.endAllSessions(seller.id);
    this.cookies.clear(res, SELLER_COOKIE);
    return { success: true, message: 'Signed out on every device' };
  }

  private async endSession(req: Request, res: Response) {
    await this.sessions.endSession(req.cookies ?? {}, 'seller');
    this.cookies.clear(res, SELLER_COOKIE);
    return { success: true, message: 'Logged out' };
  }
}
