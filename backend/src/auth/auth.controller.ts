import type { UserView } from '@greencart/domain';
import { Body, Controller, Get, GoneException, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../sessions/current-user.decorator';
import { LoginAttempt, Registration } from '../common/decorators/login-attempt.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import { SHOPPER_COOKIE } from '../sessions/session';
import { SessionCookies } from '../sessions/session-cookies';
import { SessionService } from '../sessions/session.service';
import type { UserData } from '../users/users.service';
import { CartService } from '../cart/cart.service';
import { AuthService } from './auth.service';
import { EmailVerificationService } from './email-verification.service';
import { LoginDto } from './dto/login.dto';
import { ForgotPasswordDto, ResetLinkDto, ResetPasswordDto } from './dto/password-reset.dto';
import { PasswordResetService, RESET_LINK_MINUTES } from './password-reset.service';
import { RegisterDto } from './dto/register.dto';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cart: CartService,
    private readonly cookies: SessionCookies,
    private readonly sessions: SessionService,
    private readonly passwordResets: PasswordResetService,
    private readonly verification: EmailVerificationService,
  ) {}

  @Post('register')
  @Registration()
  async register(@Body() dto: RegisterDto, @Res({ passthrough: true }) res: Response) {
    const user = await this.auth.register(dto);
    this.verification.sendInBackground(user);
    await this.startSession(res, user);
    return { success: true, userData: await this.withCart(user), message: `Welcome to GreenCart, ${user.firstName}!` };
  }

  @Post('login')
  @HttpCode(200)
  @LoginAttempt()
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: Response) {
    const user = await this.auth.login(dto);
    await this.startSession(res, user);
    return { success: true, userData: await this.withCart(user), message: `Welcome back, ${user.firstName}!` };
  }

  /**
   * Who this browser is, in one request for the whole page: the shopper (with the saved cart) or
   * null, and whether the seller is signed in. Always 200 (the spec's isAuth / is-auth-seller stay).
   */
  @Get('session')
  @Header('Cache-Control', 'no-store')
  async session(@Req() req: Request) {
    const { shopper, seller } = await this.sessions.fromCookies(req.cookies ?? {});
    return { success: true, shopper: shopper ? await this.withCartState(shopper) : null, seller: !!seller };
  }

  @Get('isAuth')
  @ShopperOnly()
  @Header('Cache-Control', 'no-store')
  async isAuth(@CurrentUser() user: UserData) {
    return { success: true, userData: await this.withCart(user) };
  }

  /**
   * Ends this session on the server too: its token is refused from now on, not only forgotten by the browser.
   * The spec's GET, refused when another website sends it (see refuseForeignOrigins), and a POST form.
   */
  @Get('logout')
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.endSession(req, res);
  }

  @Post('logout')
  @HttpCode(200)
  logoutByPost(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.endSession(req, res);
  }

  private async endSession(req: Request, res: Response) {
    await this.sessions.endSession(req.cookies ?? {}, 'shopper');
    this.cookies.clear(res, SHOPPER_COOKIE);
    return { success: true, message: 'Logged out' };
  }

  /** Ends every session of the shopper, on every device. */
  @Post('logout/everywhere')
  @ShopperOnly()
  @HttpCode(200)
  async logoutEverywhere(@CurrentUser() user: UserData, @Res({ passthrough: true }) res: Response) {
    await this.sessions.endAllShopperSessions(user._id);
    this.cookies.clear(res, SHOPPER_COOKIE);
    return { success: true, message: 'Signed out on every device' };
  }

  /**
   * "Forgot password": the same answer whether or not an account has this email (nothing to learn about
   * who shops here); when one does, a link that works once for 30 minutes is mailed. Counted like sign-in.
   */
  @Post('password/forgot')
  @HttpCode(200)
  @LoginAttempt()
  forgotPassword(@Body() dto: ForgotPasswordDto) {
    this.passwordResets.requestInBackground(dto.email);
    return {
      success: true,
      message: `If an account uses ${dto.email}, we have emailed it a link to choose a new password. The link works once, for ${RESET_LINK_MINUTES} minutes.`,
    };
  }

  /** Whether a reset link still works (the reset page asks before showing its form). */
  @Post('password/reset/check')
  @HttpCode(200)
  @LoginAttempt()
  async checkResetLink(@Body() dto: ResetLinkDto) {
    const user = await this.passwordResets.check(dto.token);
    return { success: true, email: user.email };
  }

  /** Sets the new password (once per link), ends every other session of the account and signs this browser in. */
  @Post('password/reset')
  @HttpCode(200)
  @LoginAttempt()
  async resetPassword(@Body() dto: ResetPasswordDto, @Res({ passthrough: true }) res: Response) {
    const user = await this.passwordResets.reset(dto.token, dto.password);
    await this.startSession(res, user);
    return { success: true, userData: await this.withCart(user), message: 'Your password is changed, and you are signed in. Other devices were signed out.' };
  }

  // The original signed in whoever the browser named; Google sign-in is now the real OAuth flow.
  @Post('GoogleLogin')
  googleLogin(): never {
    throw new GoneException('This sign-in method was retired: use GET /api/auth/google');
  }

  /** The shopper as the spec's clients know them: with the saved cart. */
  private async withCart(user: UserData): Promise<UserView> {
    return { ...user, cartItems: await this.cart.get(user._id) };
  }

  /** The shopper with the saved cart, its version and the shop's notices about it (our storefront's session). */
  private async withCartState(user: UserData): Promise<UserView> {
    const cart = await this.cart.read(user._id);
    return { ...user, cartItems: cart.items, cartVersion: cart.version, cartNotices: cart.notices };
  }

  private async startSession(res: Response, user: UserData) {
    this.cookies.set(res, SHOPPER_COOKIE, await this.auth.signSession(user));
  }
}
