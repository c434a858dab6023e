import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { StaffRole } from '@greencart/domain';
import { LRUCache } from 'lru-cache';
import { isValidObjectId, Model } from 'mongoose';
import { ClusterBus } from '../../common/cluster/cluster-bus';
import { DomainEvents } from '../../common/events/domain-events';
import { SESSION_CHECK_TTL_MS } from '../../users/users.service';
import { SESSIONS_ENDED, type SessionsEndedEvent } from '../session-events';
import { StaffMember } from './staff-member.schema';

/** What a session check needs of a staff member: read per request, so a role change counts at the next one. */
export interface StaffState {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  sessionVersion: number;
  /** Has set a password (accepted the invitation). */
  active: boolean;
}

/** Message to the other instances: staff member `id` changed; `ended` when their sessions are over (removed, password changed). */
interface StaffChangedMessage {
  id: string;
  ended?: boolean;
}

const TOPIC = 'staff';

/**
 * Staff members as session checks read them, kept in memory (a few dozen records, read by every seller
 * request of staff) and forgotten on every instance the moment one changes, through the cluster bus. A
 * change that ends their sessions also closes their sockets everywhere (`sessions.ended`).
 */
@Injectable()
export class StaffDirectory {
  private readonly states = new LRUCache<string, StaffState | false>({ max: 1_000, ttl: SESSION_CHECK_TTL_MS });
  private generation = 0;

  constructor(
    @InjectModel(StaffMember.name) private readonly staff: Model<StaffMember>,
    private readonly cluster: ClusterBus,
    private readonly events: DomainEvents,
  ) {
    cluster.subscribe<StaffChangedMessage>(TOPIC, {
      message: ({ id, ended }) => {
        if (typeof id !== 'string') return;
        this.forget(id);
        if (ended) void this.events.publish(SESSIONS_ENDED, { staffId: id } satisfies SessionsEndedEvent);
      },
      resync: () => this.forget(),
    });
  }

  /** What this instance holds of `id` without asking the database: the state, null (no such member), or undefined (not held). */
  held(id: string): StaffState | null | undefined {
    const kept = this.states.get(id);
    return kept === undefined ? undefined : kept || null;
  }

  async find(id: string, { fresh = false }: { fresh?: boolean } = {}): Promise<StaffState | null> {
    if (!isValidObjectId(id)) return null;
    const kept = fresh ? undefined : this.states.get(id);
    if (kept !== undefined) return kept || null;
    const started = this.generation;
    const doc = await this.staff.findById(id).select('+passwordHash').lean().exec();
    const state: StaffState | false = doc
      ? { id, name: doc.name, email: doc.email, role: doc.role, sessionVersion: doc.sessionVersion ?? 0, active: !!doc.passwordHash }
      : false;
    if (started === this.generation) this.states.set(id, state);
    return state || null;
  }

  /** Staff member `id` changed (role, name); with `ended`, every session of theirs is over: their sockets close on every instance. */
  async changed(id: string, { ended = false }: { ended?: boolean } = {}): Promise<void> {
    this.forget(id);
    if (ended) await this.events.publish(SESSIONS_ENDED, { staffId: id } satisfies SessionsEndedEvent);
    await this.cluster.publish(TOPIC, { id, ...(ended ? { ended } : {}) } satisfies StaffChangedMessage);
  }

  private forget(id?: string): void {
    this.generation++;
    if (id === undefined) this.states.clear();
    else this.states.delete(id);
  }
}
