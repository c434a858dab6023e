import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import { parse as parseCookieHeader } from 'cookie';
import { LRUCache } from 'lru-cache';
import { Model } from 'mongoose';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { SESSION_CHECK_TTL_MS, UserData, UsersService } from '../users/users.service';
import { RevokedSession } from './schemas/revoked-session.schema';
import { SellerCredentials } from './seller-credentials';
import {
  SELLER_AUDIENCE,
  SELLER_COOKIE,
  SESSION_EXPIRES_IN,
  SHOPPER_AUDIENCE,
  SHOPPER_COOKIE,
  TOKEN_ISSUER,
  type SellerTokenPayload,
  type ShopperTokenPayload,
} from './session';

/** Message to the other instances: session `sid` was logged out. */
interface SessionEndedMessage {
  sid?: string;
  /** The seller signed out everywhere: seller sessions signed before this time (ms) are over. */
  sellerSince?: number;
}

/** The record of the seller's last "sign out everywhere" in `revoked_sessions` (kept for good). */
const SELLER_SIGNED_OUT = 'seller:signed-out-everywhere';
const FOREVER = new Date('9999-12-31T00:00:00Z');

const TOPIC = 'sessions';

/** The signed-in shopper, as of the database at most SESSION_CHECK_TTL_MS ago. */
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
 * `@ShopperOnly()` / `@SellerOnly()` and the socket gateway all end here. A token counts only with
 * an expiry, a session id that was not logged out, and (shoppers) the account's current session
 * version.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly seller: SellerCredentials,
    @InjectModel(RevokedSession.name) private readonly revoked: Model<RevokedSession>,
    private readonly cluster: ClusterBus,
  ) {
    cluster.subscribe<SessionEndedMessage>(TOPIC, {
      message: ({ sid, sellerSince }) => {
        if (typeof sellerSince === 'number') this.sellerSince = Promise.resolve(sellerSince);
        if (typeof sid === 'string') this.forget(sid);
      },
      resync: () => {
        this.sellerSince = undefined;
        this.forget();
      },
    });
  }

  /** Session ids lately found not logged out (most requests carry one; few log out). */
  private readonly live = new LRUCache<string, true>({ max: 100_000, ttl: SESSION_CHECK_TTL_MS });
  /** Bumped by every logout: a check started before it is not kept. */
  private generation = 0;
  /** When the seller last signed out everywhere (ms; 0: never), read once and then told by the other instances. */
  private sellerSince?: Promise<number>;

  /** A new session for the shopper (7 days). */
  async signShopper(userId: string): Promise<string> {
    const state = await this.users.findForSession(userId);
    const payload: ShopperTokenPayload = { sub: userId, role: 'shopper', sid: newSessionId(), sv: state?.sessionVersion ?? 0 };
    return this.jwt.signAsync(payload, { audience: SHOPPER_AUDIENCE, issuer: TOKEN_ISSUER, expiresIn: SESSION_EXPIRES_IN });
  }

  async shopperFromClaims(payload: ShopperTokenPayload | undefined): Promise<Shopper | null> {
    if (payload?.role !== 'shopper' || typeof payload.sub !== 'string' || typeof payload.sv !== 'number' || !isLive(payload)) return null;
    const [state, revoked] = await Promise.all([this.users.findForSession(payload.sub), this.isRevoked(payload.sid)]);
    return state && !revoked && state.sessionVersion === payload.sv ? state.user : null;
  }

  async sellerFromClaims(payload: SellerTokenPayload | undefined): Promise<SellerSession | null> {
    if (!payload || !isLive(payload) || !this.seller.isCurrent(payload)) return null;
    const [revoked, since] = await Promise.all([this.isRevoked(payload.sid), this.sellerSignedOutAt()]);
    if (revoked || (since > 0 && (typeof payload.iat !== 'number' || payload.iat * 1000 < since))) return null;
    return { role: 'seller', email: payload.sub };
  }

  /** "Sign out everywhere" for the seller: every seller session signed before now ends, on every instance. */
  async endAllSellerSessions(): Promise<void> {
    const since = Date.now();
    await this.revoked.collection.updateOne({ _id: SELLER_SIGNED_OUT as never }, { $set: { until: FOREVER, since } }, { upsert: true });
    this.sellerSince = Promise.resolve(since);
    await this.cluster.publish(TOPIC, { sellerSince: since } satisfies SessionEndedMessage);
  }

  private sellerSignedOutAt(): Promise<number> {
    this.sellerSince ??= this.revoked.collection.findOne({ _id: SELLER_SIGNED_OUT as never }).then(
      (doc) => (typeof doc?.since === 'number' ? doc.since : 0),
      (error: unknown) => {
        this.sellerSince = undefined;
        throw error;
      },
    );
    return this.sellerSince;
  }

  async shopperFromCookies(cookies: Cookies): Promise<Shopper | null> {
    return this.shopperFromClaims(this.verify<ShopperTokenPayload>(cookies[SHOPPER_COOKIE], SHOPPER_AUDIENCE));
  }

  sellerFromCookies(cookies: Cookies): Promise<SellerSession | null> {
    return this.sellerFromClaims(this.verify<SellerTokenPayload>(cookies[SELLER_COOKIE], SELLER_AUDIENCE));
  }

  /** Whether the cookies carry a validly signed shopper token (no database look-up). */
  hasShopperToken(cookies: Cookies): boolean {
    return this.verify(cookies[SHOPPER_COOKIE], SHOPPER_AUDIENCE) !== undefined;
  }

  async fromCookies(cookies: Cookies): Promise<Sessions> {
    const [shopper, seller] = await Promise.all([this.shopperFromCookies(cookies), this.sellerFromCookies(cookies)]);
    return { shopper, seller };
  }

  /** The sessions of a raw `Cookie` header, as a socket handshake carries it. */
  fromCookieHeader(header: string | undefined): Promise<Sessions> {
    return this.fromCookies(header ? parseCookieHeader(header) : {});
  }

  /** Logging out: the session in this cookie is refused from now on, wherever its token is replayed. */
  async endSession(cookies: Cookies, kind: 'shopper' | 'seller'): Promise<void> {
    const payload = this.verify<{ sid?: unknown; exp?: unknown }>(
      cookies[kind === 'shopper' ? SHOPPER_COOKIE : SELLER_COOKIE],
      kind === 'shopper' ? SHOPPER_AUDIENCE : SELLER_AUDIENCE,
    );
    if (!payload || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return;
    await this.revoked.updateOne({ _id: payload.sid }, { $set: { until: new Date(payload.exp * 1000) } }, { upsert: true });
    this.forget(payload.sid);
    await this.cluster.publish(TOPIC, { sid: payload.sid } satisfies SessionEndedMessage);
    // Records of sessions that have expired anyway are no longer needed (no TTL indexes on FerretDB).
    await this.revoked.deleteMany({ until: { $lt: new Date() } });
  }

  /** "Sign out everywhere": every session of the shopper ends, this one included. */
  async endAllShopperSessions(userId: string): Promise<void> {
    await this.users.endAllSessions(userId);
  }

  private async isRevoked(sid: unknown): Promise<boolean> {
    if (typeof sid !== 'string') return true;
    if (this.live.get(sid)) return false;
    const started = this.generation;
    const revoked = !!(await this.revoked.exists({ _id: sid }));
    if (!revoked && started === this.generation) this.live.set(sid, true);
    return revoked;
  }

  private forget(sid?: string): void {
    this.generation++;
    if (sid === undefined) this.live.clear();
    else this.live.delete(sid);
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

/** A token without an expiry never counts (jsonwebtoken only checks `exp` when it is there). */
function isLive(payload: { exp?: unknown; sid?: unknown }): boolean {
  return typeof payload.exp === 'number' && payload.exp * 1000 > Date.now() && typeof payload.sid === 'string';
}

function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}
