import { Body, Controller, Get, GoneException, Header, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { LoginAttempt } from '../common/decorators/login-attempt.decorator';
import { ShopperOnly } from '../common/decorators/shopper-only.decorator';
import { SHOPPER_COOKIE } from '../common/guards/session';
import { SessionCookies } from '../common/guards/session-cookies';
import type { UserData } from '../users/users.service';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('register')
  async register(@Body() dto: RegisterDto, @Res({ passthrough: true }) res: Response) {
    const userData = await this.auth.register(dto);
    await this.startSession(res, userData);
    return { success: true, userData, message: `Welcome to GreenCart, ${userData.firstName}!` };
  }

  @Post('login')
  @HttpCode(200)
  @LoginAttempt()
  async login(@Body() dto: LoginDto, @Res({ passthrough: true }) res: Response) {
    const userData = await this.auth.login(dto);
    await this.startSession(res, userData);
    return { success: true, userData, message: `Welcome back, ${userData.firstName}!` };
  }

  @Get('isAuth')
  @ShopperOnly()
  @Header('Cache-Control', 'no-store')
  isAuth(@CurrentUser() userData: UserData) {
    return { success: true, userData };
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

  private async startSession(res: Response, user: UserData) {
    this.cookies.set(res, SHOPPER_COOKIE, await this.auth.signSession(user));
  }
}
