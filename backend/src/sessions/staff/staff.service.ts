import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_VALID_MS, MAX_STAFF, STAFF_PASSWORD_MIN_LENGTH, type StaffMember as StaffMemberView, type StaffRole } from '@greencart/domain';
import { BadRequestException, ConflictException, GoneException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import type { Environment } from '../../config/environment';
import { DomainEvents } from '../../common/events/domain-events';
import { LocksService } from '../../common/locks/locks.service';
import { isDuplicateKeyError } from '../../common/mongo-errors';
import { ActivityLog, type Actor } from '../activity/activity-log';
import { Passwords } from '../passwords';
import { SessionService } from '../session.service';
import { isCommonPassword } from './common-passwords';
import { StaffDirectory } from './staff-directory';
import { StaffMember } from './staff-member.schema';
import { STAFF_INVITED, type StaffInvitedEvent } from './staff.events';

const STAFF_LOCK = 'staff:roster';
const REMOVED_LINK = 'This invitation was withdrawn: the shop removed this account. Ask the shop owner for a new one';
const USED_LINK = 'This invitation link was used already (or replaced by a newer one). Sign in at /seller, or ask the shop owner for a new link';
const EXPIRED_LINK = 'This invitation link has expired (links work for 48 hours). Ask the shop owner for a new one';
const BAD_LINK = 'This invitation link is not valid; open it again from the mail';

type StoredStaff = StaffMember & { _id: Types.ObjectId; passwordHash?: string };

/**
 * The owner's team: invitations (a single-use link valid 48 hours, mailed through the outbox), the
 * password a person sets with it, their sign-in, role and name changes, and removal. Every change
 * is forgotten by the session checks of every instance at once (StaffDirectory).
 */
@Injectable()
export class StaffService {
  private readonly publicUrl: string;

  constructor(
    @InjectModel(StaffMember.name) private readonly staff: Model<StaffMember>,
    private readonly directory: StaffDirectory,
    private readonly sessions: SessionService,
    private readonly locks: LocksService,
    private readonly events: DomainEvents,
    private readonly activity: ActivityLog,
    private readonly passwords: Passwords,
    config: ConfigService<Environment, true>,
  ) {
    this.publicUrl = (config.get('PUBLIC_URL', { infer: true }) ?? `http://localhost:${config.get('PORT', { infer: true })}`).replace(/\/+$/, '');
    this.ownerEmail = config.get('SELLER_EMAIL', { infer: true }).trim().toLowerCase();
  }

  private readonly ownerEmail: string;

  async list(): Promise<StaffMemberView[]> {
    const rows = await this.staff.find().select('+passwordHash').sort({ _id: 1 }).lean<StoredStaff[]>().exec();
    return rows.map(toView);
  }

  /** A new staff member and their invitation link (mailed; also returned so the owner can pass it on). */
  async invite(actor: Actor, input: { name: string; email: string; role: StaffRole }): Promise<{ member: StaffMemberView; link: string }> {
    if (input.email === this.ownerEmail) throw new ConflictException('This is the owner’s own address');
    const { member, link } = await this.locks.run(STAFF_LOCK, { busyMessage: 'The team is being changed, please try again' }, async () => {
      if ((await this.staff.countDocuments().exec()) >= MAX_STAFF) throw new ConflictException(`A shop can have at most ${MAX_STAFF} staff accounts`);
      const invitation = newInvitation();
      try {
        const created = await this.staff.create({ name: input.name, email: input.email, role: input.role, sessionVersion: 0, ...invitation.stored });
        return { member: created.toObject() as StoredStaff, link: this.linkFor(String(created._id), invitation.secret) };
      } catch (error) {
        if (isDuplicateKeyError(error)) throw new ConflictException('Someone on the team already has this email address');
        throw error;
      }
    });
    await this.mail(member, link);
    await this.activity.record(actor, 'staff.invited', subjectOf(member), undefined, { name: member.name, email: member.email, role: member.role });
    return { member: toView(member), link };
  }

  /** New name and/or role; a role applies from the person's next request. */
  async update(actor: Actor, id: string, change: { name?: string; role?: StaffRole }): Promise<StaffMemberView> {
    const before = await this.load(id);
    // updateOne, then a read: findAndModify with a projection is not answered on every engine (docs/database.md), and mongoose sends one for the hidden hash.
    await this.staff.updateOne({ _id: id }, { $set: change }).exec();
    const updated = await this.staff.findById(id).select('+passwordHash').lean<StoredStaff>().exec();
    if (!updated) throw new NotFoundException('This staff member no longer exists');
    await this.directory.changed(id);
    await this.activity.record(
      actor,
      'staff.changed',
      subjectOf(updated),
      { name: before.name, role: before.role },
      { name: updated.name, role: updated.role },
    );
    return toView(updated);
  }

  /** Removes the person: their sessions and sockets end on every instance at once. */
  async remove(actor: Actor, id: string): Promise<void> {
    const before = await this.load(id);
    await this.staff.deleteOne({ _id: id }).exec();
    await this.directory.changed(id, { ended: true });
    await this.activity.record(actor, 'staff.removed', subjectOf(before), { name: before.name, email: before.email, role: before.role }, undefined);
  }

  /** The owner resets someone's sign-in: their password and sessions end, and a new invitation goes out. */
  async resetSignIn(actor: Actor, id: string): Promise<{ member: StaffMemberView; link: string }> {
    const invitation = newInvitation();
    if (!isValidObjectId(id)) throw new NotFoundException('This staff member no longer exists');
    await this.staff.updateOne({ _id: id }, { $set: invitation.stored, $unset: { passwordHash: 1 }, $inc: { sessionVersion: 1 } }).exec();
    const updated = await this.staff.findById(id).lean<StoredStaff>().exec();
    if (!updated) throw new NotFoundException('This staff member no longer exists');
    await this.directory.changed(id, { ended: true });
    const link = this.linkFor(id, invitation.secret);
    await this.mail(updated, link);
    await this.activity.record(actor, 'staff.reset', subjectOf(updated));
    return { member: toView(updated), link };
  }

  /** Sets the password with an invitation link, once; the link is spent. */
  async accept(token: string, password: string): Promise<{ name: string }> {
    // Exactly `<id>.<secret>`: a token with more parts is not one this shop made.
    const parts = token.split('.');
    const [id, secret] = parts;
    if (parts.length !== 2 || !id || !secret || !isValidObjectId(id)) throw new BadRequestException(BAD_LINK);
    checkPassword(password);
    const hash = await this.passwords.hash(password);
    return this.locks.run(`staff:${id}`, { busyMessage: 'This invitation is being used, please try again' }, async () => {
      const member = await this.staff.findById(id).lean<StoredStaff>().exec();
      if (!member) throw new GoneException(REMOVED_LINK);
      if (!member.inviteHash || member.inviteHash !== hashOf(secret)) throw new GoneException(USED_LINK);
      if (!member.inviteExpiresAt || member.inviteExpiresAt.getTime() <= Date.now()) throw new GoneException(EXPIRED_LINK);
      const spent = await this.staff
        .updateOne(
          { _id: member._id },
          {
            $set: { passwordHash: hash, inviteHash: null, inviteExpiresAt: null },
            $inc: { sessionVersion: 1 },
          },
        )
        .exec();
      if (spent.modifiedCount !== 1) throw new GoneException(USED_LINK);
      await this.directory.changed(id, { ended: true });
      await this.activity.record({ id, name: member.name, account: member.role }, 'staff.joined', subjectOf(member));
      return { name: member.name };
    });
  }

  /** A staff member's sign-in: their session token, or null when the address is not a staff member's (401 from the caller). */
  async login(email: string, password: string): Promise<{ token: string; actor: Actor } | null> {
    const member = await this.staff.findOne({ email }).select('+passwordHash').lean<StoredStaff>().exec();
    // An unknown address is checked against a dummy hash: both failures take the same time.
    const matches = await this.passwords.matches(member?.passwordHash, password);
    if (!member?.passwordHash || !matches) return null;
    const token = await this.sessions.signStaff(String(member._id), member.sessionVersion ?? 0);
    return { token, actor: { id: String(member._id), name: member.name, account: member.role } };
  }

  /** A staff member changes their own password: every other session of theirs ends; the new token keeps this one going. */
  async changePassword(id: string, current: string, next: string): Promise<string> {
    const member = await this.staff
      .findById(isValidObjectId(id) ? id : null)
      .select('+passwordHash')
      .lean<StoredStaff>()
      .exec();
    if (!member?.passwordHash) throw new UnauthorizedException('Please sign in again');
    if (!(await this.passwords.matches(member.passwordHash, current))) throw new BadRequestException('Your current password is not right');
    checkPassword(next);
    const hash = await this.passwords.hash(next);
    await this.staff.updateOne({ _id: id }, { $set: { passwordHash: hash }, $inc: { sessionVersion: 1 } }).exec();
    const updated = await this.staff.findById(id).lean<StoredStaff>().exec();
    if (!updated) throw new UnauthorizedException('Please sign in again');
    await this.directory.changed(id, { ended: true });
    await this.activity.record({ id, name: updated.name, account: updated.role }, 'staff.password', subjectOf(updated));
    return this.sessions.signStaff(id, updated.sessionVersion);
  }

  /** "Sign out everywhere" for a staff member: every session of theirs ends, this one included. */
  async endAllSessions(id: string): Promise<void> {
    await this.staff.updateOne({ _id: id }, { $inc: { sessionVersion: 1 } }).exec();
    await this.directory.changed(id, { ended: true });
  }

  private async load(id: string): Promise<StoredStaff> {
    const member = isValidObjectId(id) ? await this.staff.findById(id).lean<StoredStaff>().exec() : null;
    if (!member) throw new NotFoundException('This staff member no longer exists');
    return member;
  }

  private linkFor(id: string, secret: string): string {
    return `${this.publicUrl}/seller/invite?token=${id}.${secret}`;
  }

  private async mail(member: StoredStaff, link: string): Promise<void> {
    await this.events.publish(STAFF_INVITED, {
      staffId: String(member._id),
      name: member.name,
      email: member.email,
      link,
      expiresAt: (member.inviteExpiresAt ?? new Date()).toISOString(),
      key: member.inviteHash ?? String(member._id),
    } satisfies StaffInvitedEvent);
  }
}

function newInvitation() {
  const secret = randomBytes(24).toString('base64url');
  return { secret, stored: { inviteHash: hashOf(secret), inviteExpiresAt: new Date(Date.now() + INVITATION_VALID_MS) } };
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

function checkPassword(password: string): void {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) throw new BadRequestException(`Password must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
  if (isCommonPassword(password)) throw new BadRequestException('This password is one of the most common ones; please choose another');
}

function subjectOf(member: Pick<StoredStaff, '_id' | 'name'>) {
  return { name: member.name, id: String(member._id) };
}

function toView(member: StoredStaff): StaffMemberView {
  return {
    _id: String(member._id),
    name: member.name,
    email: member.email,
    role: member.role,
    state: member.passwordHash ? 'active' : 'invited',
    invitationExpiresAt: member.inviteHash && member.inviteExpiresAt ? member.inviteExpiresAt.toISOString() : null,
    createdAt: (member.createdAt ?? new Date()).toISOString(),
  };
}
