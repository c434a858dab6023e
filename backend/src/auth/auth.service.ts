import { Injectable, UnauthorizedException } from '@nestjs/common';
import { Passwords } from '../sessions/passwords';
import { SessionService } from '../sessions/session.service';
import { UserData, UsersService } from '../users/users.service';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';

const INVALID_CREDENTIALS = 'Invalid email or password';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly passwords: Passwords,
  ) {}

  async register(dto: RegisterDto): Promise<UserData> {
    const passwordHash = await this.passwords.hash(dto.password);
    return this.users.createWithPassword(dto.firstName, dto.email, passwordHash);
  }

  /** The account for these credentials; unknown email and wrong password fail alike. */
  async login(dto: LoginDto): Promise<UserData> {
    const user = await this.users.findForLogin(dto.email);
    // An unknown email is checked against a dummy hash: both failures take the same time.
    const matches = await this.passwords.matches(user?.passwordHash, dto.password);
    if (!user?.passwordHash || !matches) throw new UnauthorizedException(INVALID_CREDENTIALS);
    const { passwordHash: _hash, ...userData } = user;
    return userData;
  }

  signSession(user: Pick<UserData, '_id'>): Promise<string> {
    return this.sessions.signShopper(user._id);
  }
}
