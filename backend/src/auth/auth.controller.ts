import type { UserView } from '@greencart/domain';
import { Body, Controller, Get, GoneException, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../sessions/current-user.decorator';
import { LoginAttempt } from '../common/decorators/login-attempt.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import { SHOPPER_COOKIE } from '../sessions/session';
import { SessionCookies } from '../sessions/session-cookies';
import type { UserData } from '../users/users.service';
import { CartService } from '../cart/cart.service';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cart: CartService,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('register')
  async register(@Body() dto: RegisterDto, @Res({ passthrough: true }) res: Response) {
    const user = await this.auth.register(dto);
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

  @Get('isAuth')
  @ShopperOnly()
  @Header('Cache-Control', 'no-store')
  async isAuth(@CurrentUser() user: UserData) {
    return { success: true, userData: await this.withCart(user) };
  }

  @Get('logout')
  logout(@Res({ passthrough: true }) res: Response) {
    this.cookies.clear(res, SHOPPER_COOKIE);
    return { success: true, message: 'Logged out' };
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

  private async startSession(res: Response, user: UserData) {
    this.cookies.set(res, SHOPPER_COOKIE, await this.auth.signSession(user));
  }
}
