import { Injectable, UnauthorizedException } from '@nestjs/common';
import * as argon2 from 'argon2';
import { SessionService } from '../sessions/session.service';
import { UserData, UsersService } from '../users/users.service';
import type { LoginDto } from './dto/login.dto';
import type { RegisterDto } from './dto/register.dto';

const INVALID_CREDENTIALS = 'Invalid email or password';

@Injectable()
export class AuthService {
  /** Verified against when the email is unknown, so both failures take the same time. */
  private dummyHash?: Promise<string>;

  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  async register(dto: RegisterDto): Promise<UserData> {
    const passwordHash = await argon2.hash(dto.password, { type: argon2.argon2id });
    return this.users.createWithPassword(dto.firstName, dto.email, passwordHash);
  }

  /** The account for these credentials; unknown email and wrong password fail alike. */
  async login(dto: LoginDto): Promise<UserData> {
    const user = await this.users.findForLogin(dto.email);
    const hash = user?.passwordHash ?? (await (this.dummyHash ??= argon2.hash('no account has this password', { type: argon2.argon2id })));
    const matches = await argon2.verify(hash, dto.password).catch(() => false);
    if (!user?.passwordHash || !matches) throw new UnauthorizedException(INVALID_CREDENTIALS);
    const { passwordHash: _hash, ...userData } = user;
    return userData;
  }

  signSession(user: Pick<UserData, '_id'>): Promise<string> {
    return this.sessions.signShopper(user._id);
  }
}
