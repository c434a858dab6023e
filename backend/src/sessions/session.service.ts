import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { parse as parseCookieHeader } from 'cookie';
import { UserData, UsersService } from '../users/users.service';
import { SellerCredentials } from './seller-credentials';
import { SELLER_AUDIENCE, SELLER_COOKIE, SHOPPER_AUDIENCE, SHOPPER_COOKIE, TOKEN_ISSUER, type SellerTokenPayload, type ShopperTokenPayload } from './session';

/** The signed-in shopper, fresh from the database. */
export type Shopper = UserData;

export interface SellerSession {
  role: 'seller';
  email: string;
}

/** Who a request or a socket is: either, both (a browser may hold both cookies) or neither. */
export interface Sessions {
  shopper: Shopper | null;
  seller: SellerSession | null;
}

type Cookies = Record<string, string | undefined>;

/**
 * The one session check, for HTTP and websockets alike: turns the session cookies of a request or a
 * socket handshake into the shopper and/or the seller. The passport strategies behind
 * `@ShopperOnly()` / `@SellerOnly()` and the socket gateway all end here.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly seller: SellerCredentials,
  ) {}

  /** A shopper token's claims are trusted only while the account exists. */
  async shopperFromClaims(payload: ShopperTokenPayload | undefined): Promise<Shopper | null> {
    if (payload?.role !== 'shopper' || typeof payload.sub !== 'string') return null;
    return this.users.findById(payload.sub);
  }

  /** A seller token is trusted only while the seller credentials it was issued under are current. */
  sellerFromClaims(payload: SellerTokenPayload | undefined): SellerSession | null {
    return payload && this.seller.isCurrent(payload) ? { role: 'seller', email: payload.sub } : null;
  }

  async shopperFromCookies(cookies: Cookies): Promise<Shopper | null> {
    return this.shopperFromClaims(this.verify<ShopperTokenPayload>(cookies[SHOPPER_COOKIE], SHOPPER_AUDIENCE));
  }

  sellerFromCookies(cookies: Cookies): SellerSession | null {
    return this.sellerFromClaims(this.verify<SellerTokenPayload>(cookies[SELLER_COOKIE], SELLER_AUDIENCE));
  }

  /** Whether the cookies carry a validly signed shopper token (no database look-up). */
  hasShopperToken(cookies: Cookies): boolean {
    return this.verify(cookies[SHOPPER_COOKIE], SHOPPER_AUDIENCE) !== undefined;
  }

  async fromCookies(cookies: Cookies): Promise<Sessions> {
    return { shopper: await this.shopperFromCookies(cookies), seller: this.sellerFromCookies(cookies) };
  }

  /** The sessions of a raw `Cookie` header, as a socket handshake carries it. */
  fromCookieHeader(header: string | undefined): Promise<Sessions> {
    return this.fromCookies(header ? parseCookieHeader(header) : {});
  }

  private verify<T extends object>(token: unknown, audience: string): T | undefined {
    if (typeof token !== 'string' || !token) return undefined;
    try {
      return this.jwt.verify<T>(token, { audience, issuer: TOKEN_ISSUER, algorithms: ['HS256'] });
    } catch {
      return undefined;
    }
  }
}
