import { randomBytes } from 'node:crypto';
import type { SellerRole } from '@greencart/domain';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectModel } from '@nestjs/mongoose';
import { parse as parseCookieHeader } from 'cookie';
import { LRUCache } from 'lru-cache';
import { Model } from 'mongoose';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { DomainEvents } from '../common/events/domain-events';
import { SESSION_CHECK_TTL_MS, UserData, UsersService } from '../users/users.service';
import { RevokedSession } from './schemas/revoked-session.schema';
import { SellerCredentials } from './seller-credentials';
import { SESSIONS_ENDED, type SessionsEndedEvent } from './session-events';
import { StaffDirectory, type StaffState } from './staff/staff-directory';
import {
  SELLER_AUDIENCE,
  SELLER_COOKIE,
  SESSION_EXPIRES_IN,
  SHOPPER_AUDIENCE,
  SHOPPER_COOKIE,
  signedBefore,
  TOKEN_ISSUER,
  type SellerTokenPayload,
  type ShopperTokenPayload,
} from './session';

/** Message to the other instances: session `sid` was logged out. */
interface SessionEndedMessage {
  sid?: string;
  /** The shopper signed out everywhere (their account's session version was raised). */
  userId?: string;
  /** The seller signed out everywhere: seller sessions signed before this time (ms) are over. */
  sellerSince?: number;
}

/** The record of the seller's last "sign out everywhere" in `revoked_sessions` (kept for good). */
const SELLER_SIGNED_OUT = 'seller:signed-out-everywhere';
const FOREVER = new Date('9999-12-31T00:00:00Z');

const TOPIC = 'sessions';

export { SESSIONS_ENDED, type SessionsEndedEvent } from './session-events';

/** The signed-in shopper, as of the database at most SESSION_CHECK_TTL_MS ago. */
export type Shopper = UserData;

/** Someone signed in to the seller area: the owner or a staff member, with the role read for this request. */
export interface SellerSession {
  role: 'seller';
  email: string;
  /** What they may do (the domain's role table). */
  account: SellerRole;
  /** 'owner', or the staff member's id. */
  id: string;
  /** The staff member's name ('Owner' for the owner). */
  name: string;
}

export const OWNER_ID = 'owner';

/** Who a request or a socket is: either, both (a browser may hold both cookies) or neither. */
export interface Sessions {
  shopper: Shopper | null;
  seller: SellerSession | null;
}

type Cookies = Record<string, string | undefined>;

/** What a socket keeps of the session it was opened with: to check it again, to close when it ends or expires. */
export type SocketSession =
  | { kind: 'shopper'; shopper: Shopper; claims: ShopperTokenPayload & { exp: number } }
  | { kind: 'seller'; seller: SellerSession; claims: SellerTokenPayload & { exp: number } };

/** Reads that skip what this instance last read (the database says). */
interface Freshness {
  fresh?: boolean;
}

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
    private readonly events: DomainEvents,
    private readonly staff: StaffDirectory,
  ) {
    cluster.subscribe<SessionEndedMessage>(TOPIC, {
      message: ({ sid, sellerSince, userId }) => {
        if (typeof sellerSince === 'number') {
          this.sellerSince = Promise.resolve(sellerSince);
          this.sellerSinceKnown = sellerSince;
          void this.events.publish(SESSIONS_ENDED, { sellerSince } satisfies SessionsEndedEvent);
        }
        if (typeof sid === 'string') {
          this.forget(sid);
          void this.events.publish(SESSIONS_ENDED, { sid } satisfies SessionsEndedEvent);
        }
        if (typeof userId === 'string') void this.events.publish(SESSIONS_ENDED, { userId } satisfies SessionsEndedEvent);
      },
      resync: () => {
        this.sellerSince = undefined;
        this.sellerSinceKnown = undefined;
        this.forget();
        void this.events.publish(SESSIONS_ENDED, { recheck: true } satisfies SessionsEndedEvent);
      },
    });
  }

  /** Session ids lately found not logged out (most requests carry one; few log out). */
  private readonly live = new LRUCache<string, true>({ max: 100_000, ttl: SESSION_CHECK_TTL_MS });
  /** Bumped by every logout: a check started before it is not kept. */
  private generation = 0;
  /** When the seller last signed out everywhere (ms; 0: never), read once and then told by the other instances. */
  private sellerSince?: Promise<number>;
  /** The same once known, for the staff's fast path (undefined while it is being read). */
  private sellerSinceKnown?: number;

  /** A new session for the shopper (7 days). */
  async signShopper(userId: string): Promise<string> {
    const state = await this.users.findForSession(userId);
    const payload: ShopperTokenPayload = { sub: userId, role: 'shopper', sid: newSessionId(), sv: state?.sessionVersion ?? 0 };
    return this.jwt.signAsync(payload, { audience: SHOPPER_AUDIENCE, issuer: TOKEN_ISSUER, expiresIn: SESSION_EXPIRES_IN });
  }

  async shopperFromClaims(payload: ShopperTokenPayload | undefined, { fresh = false }: Freshness = {}): Promise<Shopper | null> {
    if (payload?.role !== 'shopper' || typeof payload.sub !== 'string' || typeof payload.sv !== 'number' || !isLive(payload)) return null;
    const [state, revoked] = await Promise.all([this.users.findForSession(payload.sub, { fresh }), this.isRevoked(payload.sid, { fresh })]);
    return state && !revoked && state.sessionVersion === payload.sv ? state.user : null;
  }

  async sellerFromClaims(payload: SellerTokenPayload | undefined, { fresh = false }: Freshness = {}): Promise<SellerSession | null> {
    if (!payload || !isLive(payload)) return null;
    if (payload.staff === true) return this.staffFromClaims(payload, { fresh });
    if (!this.seller.isCurrent(payload)) return null;
    const [revoked, since] = await Promise.all([this.isRevoked(payload.sid, { fresh }), this.sellerSignedOutAt({ fresh })]);
    if (revoked || signedBefore(payload, since)) return null;
    return { role: 'seller', email: payload.sub, account: 'owner', id: OWNER_ID, name: 'Owner' };
  }

  /** A staff member's session: they still exist, have not changed their password since, and the role is theirs as of now. */
  private async staffFromClaims(payload: SellerTokenPayload, { fresh = false }: Freshness): Promise<SellerSession | null> {
    if (payload.role !== 'seller' || typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
    // Most requests: the member and the session as last read, no promise to wait for.
    const held = fresh ? undefined : this.staff.held(payload.sub);
    if (held !== undefined && this.live.get(payload.sid) && this.sellerSinceKnown !== undefined)
      return held && !signedBefore(payload, this.sellerSinceKnown) ? this.staffSession(held, payload.sv) : null;
    const [state, revoked, since] = await Promise.all([
      this.staff.find(payload.sub, { fresh }),
      this.isRevoked(payload.sid, { fresh }),
      this.sellerSignedOutAt({ fresh }),
    ]);
    // The owner's "sign out everywhere" ends the team's sessions signed before it too.
    return revoked || !state || signedBefore(payload, since) ? null : this.staffSession(state, payload.sv);
  }

  private staffSession(state: StaffState, sessionVersion: number): SellerSession | null {
    if (!state.active || state.sessionVersion !== sessionVersion) return null;
    return { role: 'seller', email: state.email, account: state.role, id: state.id, name: state.name };
  }

  /** A new session for a staff member who signed in (7 days). */
  signStaff(id: string, sessionVersion: number): Promise<string> {
    const payload: SellerTokenPayload = { sub: id, role: 'seller', staff: true, sv: sessionVersion, sid: newSessionId(), at: Date.now() };
    return this.jwt.signAsync(payload, { audience: SELLER_AUDIENCE, issuer: TOKEN_ISSUER, expiresIn: SESSION_EXPIRES_IN });
  }

  /** "Sign out everywhere" for the seller: every seller session signed before now ends, on every instance. */
  async endAllSellerSessions(): Promise<void> {
    const since = Date.now();
    await this.revoked.collection.updateOne({ _id: SELLER_SIGNED_OUT as never }, { $set: { until: FOREVER, since } }, { upsert: true });
    this.sellerSince = Promise.resolve(since);
    this.sellerSinceKnown = since;
    await this.events.publish(SESSIONS_ENDED, { sellerSince: since } satisfies SessionsEndedEvent);
    await this.cluster.publish(TOPIC, { sellerSince: since } satisfies SessionEndedMessage);
  }

  private sellerSignedOutAt({ fresh = false }: Freshness = {}): Promise<number> {
    if (fresh) {
      this.sellerSince = undefined;
      this.sellerSinceKnown = undefined;
    }
    this.sellerSince ??= this.revoked.collection.findOne({ _id: SELLER_SIGNED_OUT as never }).then(
      (doc) => {
        const since = typeof doc?.since === 'number' ? doc.since : 0;
        this.sellerSinceKnown = since;
        return since;
      },
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

  /** The session a socket handshake (its raw `Cookie` header) opens as `kind`, the role its page asks for; null when there is none. */
  async socketSession(header: string | undefined, kind: 'shopper' | 'seller'): Promise<SocketSession | null> {
    const cookies: Cookies = header ? parseCookieHeader(header) : {};
    if (kind === 'seller') {
      const claims = this.verify<SellerTokenPayload & { exp: number }>(cookies[SELLER_COOKIE], SELLER_AUDIENCE);
      const seller = await this.sellerFromClaims(claims);
      return seller && claims ? { kind, seller, claims } : null;
    }
    const claims = this.verify<ShopperTokenPayload & { exp: number }>(cookies[SHOPPER_COOKIE], SHOPPER_AUDIENCE);
    const shopper = await this.shopperFromClaims(claims);
    return shopper && claims ? { kind, shopper, claims } : null;
  }

  /** Whether a socket's session still counts, read from the database (not from what this instance last read), expiry included. */
  async isCurrent(session: SocketSession): Promise<boolean> {
    if (session.kind === 'seller') return (await this.sellerFromClaims(session.claims, { fresh: true })) !== null;
    return (await this.shopperFromClaims(session.claims, { fresh: true })) !== null;
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
    await this.events.publish(SESSIONS_ENDED, { sid: payload.sid } satisfies SessionsEndedEvent);
    await this.cluster.publish(TOPIC, { sid: payload.sid } satisfies SessionEndedMessage);
    // Records of sessions that have expired anyway are no longer needed (the app expires old records itself: no TTL indexes, docs/database.md).
    await this.revoked.deleteMany({ until: { $lt: new Date() } });
  }

  /** "Sign out everywhere": every session of the shopper ends, this one included. */
  async endAllShopperSessions(userId: string): Promise<void> {
    await this.users.endAllSessions(userId);
    await this.events.publish(SESSIONS_ENDED, { userId } satisfies SessionsEndedEvent);
    await this.cluster.publish(TOPIC, { userId } satisfies SessionEndedMessage);
  }

  private async isRevoked(sid: unknown, { fresh = false }: Freshness = {}): Promise<boolean> {
    if (typeof sid !== 'string') return true;
    if (!fresh && this.live.get(sid)) return false;
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
