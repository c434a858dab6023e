import { ACTIVITY_KINDS, SELLER_ROLES, type ActivityKind, type SellerRole } from '@greencart/domain';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One thing a seller account did, numbered in the order recorded (`_id` 1, 2, 3…). The record of truth,
 * never edited; the pages the log is read from (activity_pages) hold copies.
 */
@Schema({ collection: 'activity_log', versionKey: false })
export class ActivityRecord {
  @Prop({ type: Number, required: true }) _id: number;
  @Prop({ required: true }) at: Date;
  /** 'owner' or the staff member's id. */
  @Prop({ required: true }) actorId: string;
  @Prop({ required: true }) actorName: string;
  @Prop({ type: String, required: true, enum: SELLER_ROLES }) actorRole: SellerRole;
  @Prop({ type: String, required: true, enum: ACTIVITY_KINDS }) kind: ActivityKind;
  @Prop({ required: true }) subject: string;
  @Prop() subjectId?: string;
  @Prop({ type: Object }) before?: Record<string, unknown>;
  @Prop({ type: Object }) after?: Record<string, unknown>;
}

export const ActivityRecordSchema = SchemaFactory.createForClass(ActivityRecord);
