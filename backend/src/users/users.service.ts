import { ConflictException, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { LRUCache } from 'lru-cache';
import { isValidObjectId, Model, Types } from 'mongoose';
import { LocksService } from '../common/locks/locks.service';
import { ClusterBus } from '../common/cluster/cluster-bus';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { User } from './schemas/user.schema';

/** Who a shopper is, as the browser may see it (never the password hash). */
export interface UserData {
  _id: string;
  firstName: string;
  email: string;
  /** Only while the address is not verified yet (false); absent once it is, for Google accounts, and for accounts from before verification. */
  emailVerified?: false;
}

interface StoredUser {
  _id: Types.ObjectId;
  firstName: string;
  email: string;
  sessionVersion?: number;
  passwordHash?: string;
  googleId?: string;
  orderProgressEmails?: boolean;
  emailVerified?: boolean;
}

/** What a shopper chose about mails from the shop. */
export interface MailPreferences {
  orderProgressEmails: boolean;
}

/** Where and how to write to a shopper, as of now. */
export interface ShopperContact extends MailPreferences {
  email: string;
  firstName: string;
  /** Whether mails other than the address's verification and password resets may go to it. */
  emailVerified: boolean;
}

export interface GoogleIdentity {
  googleId: string;
  email: string;
  firstName: string;
}

const PUBLIC_FIELDS = '_id firstName email emailVerified';

/**
 * How long a session check may rely on what it last read of an account (and of a session id not
 * being logged out). Changes made through the shop reach every instance at once (ClusterBus); an
 * account removed from the database by hand is refused within this time.
 */
export const SESSION_CHECK_TTL_MS = 5_000;

interface SessionState {
  user: UserData;
  sessionVersion: number;
}

/** Message to the other instances: the sessions (or mail preferences) of account `id` changed. */
interface AccountChangedMessage {
  id: string;
}

const TOPIC = 'accounts';

export function toUserData(user: StoredUser): UserData {
  return { _id: String(user._id), firstName: user.firstName, email: user.email, ...(user.emailVerified === false ? { emailVerified: false as const } : {}) };
}

@Injectable()
export class UsersService implements OnModuleInit {
  /** Accounts as session checks last read them: most requests check a session, few change an account. */
  private readonly sessionStates = new LRUCache<string, SessionState>({ max: 50_000, ttl: SESSION_CHECK_TTL_MS });
  /** Bumped by every change of sessions: a read started before it is not kept. */
  private generation = 0;
  /** Shoppers' addresses and mail preferences as lately read (each order sends them mail; few change them); kept current like sessionStates. */
  private readonly contacts = new LRUCache<string, ShopperContact>({ max: 50_000, ttl: 60_000 });

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly cluster: ClusterBus,
    private readonly locks: LocksService,
  ) {
    cluster.subscribe<AccountChangedMessage>(TOPIC, {
      message: ({ id }) => this.forget(id),
      resync: () => this.forget(),
    });
  }

  /** The unique email index must exist before the first sign-up, or a duplicate could slip in. */
  async onModuleInit() {
    await this.users.init();
  }

  async createWithPassword(firstName: string, email: string, passwordHash: string): Promise<UserData> {
    try {
      const user = await this.users.create({ firstName, email, passwordHash, emailVerified: false });
      return toUserData(user.toObject());
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictException('An account with this email already exists');
      throw error;
    }
  }

  /** The account with this (already lower-cased) email, including its password hash, for sign-in. */
  async findForLogin(email: string): Promise<(UserData & { passwordHash?: string }) | null> {
    const user = await this.users
      .findOne({ email: String(email) })
      .select(`${PUBLIC_FIELDS} +passwordHash`)
      .lean<StoredUser>();
    return user ? { ...toUserData(user), passwordHash: user.passwordHash } : null;
  }

  /** The current state of a signed-in shopper, or null when the account no longer exists. */
  async findById(id: string): Promise<UserData | null> {
    if (!isValidObjectId(id)) return null;
    const user = await this.users.findById(id).select(PUBLIC_FIELDS).lean<StoredUser>();
    return user ? toUserData(user) : null;
  }

  /**
   * The account for a verified Google identity: the one linked to this Google id, else the one
   * with this email (linked now), else a new account.
   */
  async findOrCreateFromGoogle(identity: GoogleIdentity): Promise<UserData> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const linked = await this.users.findOne({ googleId: identity.googleId }).select(PUBLIC_FIELDS).lean<StoredUser>();
      if (linked) return toUserData(linked);

      // updateOne then find: findAndModify with a projection is not answered on every engine (docs/database.md), and select:false adds one.
      const link = await this.users.updateOne(
        { email: identity.email, googleId: { $exists: false } },
        // Google vouches for the address: a password account waiting for its verification link is verified too.
        { $set: { googleId: identity.googleId, emailVerified: true } },
      );
      if (link.matchedCount === 1) {
        const byEmail = await this.users.findOne({ email: identity.email }).select(PUBLIC_FIELDS).lean<StoredUser>();
        if (byEmail) {
          this.forget(String(byEmail._id));
          await this.cluster.publish(TOPIC, { id: String(byEmail._id) } satisfies AccountChangedMessage);
          return toUserData(byEmail);
        }
      }
      if (await this.users.exists({ email: identity.email })) {
        throw new ConflictException('This email is already linked to a different Google account');
      }
      try {
        const created = await this.users.create({ firstName: identity.firstName, email: identity.email, googleId: identity.googleId });
        return toUserData(created.toObject());
      } catch (error) {
        // Two first sign-ins at once: the other one created the account; look again.
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    throw new ConflictException('Could not sign in with Google, please try again');
  }

  /** The account and its current session version, for checking a session token; null when the account is gone. `fresh` reads the database. */
  async findForSession(id: string, { fresh = false }: { fresh?: boolean } = {}): Promise<SessionState | null> {
    if (!isValidObjectId(id)) return null;
    const kept = fresh ? undefined : this.sessionStates.get(id);
    if (kept) return kept;
    const started = this.generation;
    const user = await this.users.findById(id).select(`${PUBLIC_FIELDS} sessionVersion`).lean<StoredUser>();
    if (!user) return null;
    const state = { user: toUserData(user), sessionVersion: user.sessionVersion ?? 0 };
    if (started === this.generation) this.sessionStates.set(id, state);
    return state;
  }

  /** The shopper's mail address, name and mail preferences, read when a message to them is sent. */
  async contactOf(id: string): Promise<ShopperContact | null> {
    if (!isValidObjectId(id)) return null;
    const kept = this.contacts.get(id);
    if (kept) return kept;
    const started = this.generation;
    const user = await this.users.findById(id).select('firstName email orderProgressEmails emailVerified').lean<StoredUser>();
    if (!user) return null;
    const contact = {
      email: user.email,
      firstName: user.firstName,
      orderProgressEmails: user.orderProgressEmails !== false,
      emailVerified: user.emailVerified !== false,
    };
    if (started === this.generation) this.contacts.set(id, contact);
    return contact;
  }

  async preferences(id: string): Promise<MailPreferences | null> {
    const contact = await this.contactOf(id);
    return contact && { orderProgressEmails: contact.orderProgressEmails };
  }

  /** One field at a time (`$set` of a path, never of a whole embedded document: see docs/database.md). */
  async setPreferences(id: string, change: Partial<MailPreferences>): Promise<MailPreferences | null> {
    if (!isValidObjectId(id)) return null;
    if (change.orderProgressEmails !== undefined) {
      await this.users.updateOne({ _id: id }, { $set: { orderProgressEmails: change.orderProgressEmails } });
      this.forget(id);
      await this.cluster.publish(TOPIC, { id } satisfies AccountChangedMessage);
    }
    return this.preferences(id);
  }

  /** The account a password reset is asked for (by its lower-cased email), with what binds a reset link to the current password. */
  async findForPasswordReset(email: string): Promise<(UserData & { passwordHash?: string }) | null> {
    return this.findForLogin(email);
  }

  /** The account's current password hash (absent for Google-only accounts), for checking a reset link. */
  async passwordHashOf(id: string): Promise<{ user: UserData; passwordHash?: string } | null> {
    if (!isValidObjectId(id)) return null;
    const user = await this.users.findById(id).select(`${PUBLIC_FIELDS} +passwordHash`).lean<StoredUser>();
    return user ? { user: toUserData(user), passwordHash: user.passwordHash } : null;
  }

  /** Sets a new password only if the old one is still `expectedHash` (a reset link is for the password it was made with). */
  async replacePassword(id: string, expectedHash: string | undefined, passwordHash: string): Promise<boolean> {
    const result = await this.users.updateOne({ _id: id, passwordHash: expectedHash ?? { $exists: false } }, { $set: { passwordHash } });
    return result.modifiedCount === 1;
  }

  /** Marks the address verified if it is still `email` (a link is for the address it was mailed to); false when it is not. */
  async markEmailVerified(id: string, email: string): Promise<boolean> {
    if (!isValidObjectId(id)) return false;
    const result = await this.users.updateOne({ _id: id, email }, { $set: { emailVerified: true } });
    if (result.matchedCount !== 1) return false;
    this.forget(id);
    await this.cluster.publish(TOPIC, { id } satisfies AccountChangedMessage);
    return true;
  }

  /**
   * Claims the account's next verification mail: its time, when the address is unverified and no mail was
   * claimed within `everyMs`; 'verified' when the address needs none; null when one was claimed too recently.
   */
  async claimVerificationMail(id: string, everyMs: number): Promise<Date | 'verified' | null> {
    if (!isValidObjectId(id)) return 'verified';
    // One claim at a time per account, under its lock: two conditional updates of one document may both win (docs/database.md).
    return this.locks.run(`verification-mail:${id}`, { busyMessage: 'A confirmation link is being sent; please try again in a moment' }, async () => {
      const now = new Date();
      const since = new Date(now.getTime() - everyMs);
      const user = await this.users.findById(id, { emailVerified: 1, verificationMailAt: 1 }).lean<{ emailVerified?: boolean; verificationMailAt?: Date }>();
      if (!user || user.emailVerified !== false) return 'verified';
      if (user.verificationMailAt && new Date(user.verificationMailAt) > since) return null;
      // By `_id` alone: the lock is the guard of what was read above.
      const claimed = await this.users.updateOne({ _id: id }, { $set: { verificationMailAt: now } });
      return claimed.modifiedCount === 1 ? now : null;
    });
  }

  /** Ends every session of the account (their tokens carry the old version), on every instance at once. */
  async endAllSessions(id: string): Promise<void> {
    if (!isValidObjectId(id)) return;
    await this.users.updateOne({ _id: id }, { $inc: { sessionVersion: 1 } });
    this.forget(id);
    await this.cluster.publish(TOPIC, { id } satisfies AccountChangedMessage);
  }

  private forget(id?: string): void {
    this.generation++;
    if (id === undefined) {
      this.sessionStates.clear();
      this.contacts.clear();
    } else {
      this.sessionStates.delete(id);
      this.contacts.delete(id);
    }
  }
}
