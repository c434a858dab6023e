import { STAFF_ROLES, type StaffRole } from '@greencart/domain';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A person the owner invited to the seller area. Removing one deletes the record (their sessions end with it). */
@Schema({ collection: 'staff_members', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class StaffMember {
  @Prop({ required: true }) name: string;
  /** Lower-cased; one account per address (no collation, see docs/database.md). */
  @Prop({ required: true, unique: true }) email: string;
  @Prop({ type: String, required: true, enum: STAFF_ROLES }) role: StaffRole;
  /** argon2id, set by accepting the invitation; never selected unless asked for. */
  @Prop({ type: String, select: false }) passwordHash?: string;
  /** Raised by a password change, a reset or a removal: sessions signed under an older one end. */
  @Prop({ required: true, default: 0 }) sessionVersion: number;
  /** SHA-256 of the open invitation's secret; null once used (single use). */
  @Prop({ type: String, default: null }) inviteHash: string | null;
  @Prop({ type: Date, default: null }) inviteExpiresAt: Date | null;
  createdAt?: Date;
}

export const StaffMemberSchema = SchemaFactory.createForClass(StaffMember);
