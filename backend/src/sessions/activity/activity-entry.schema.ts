import { ACTIVITY_KINDS, SELLER_ROLES, type ActivityKind, type SellerRole } from '@greencart/domain';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/**
 * One thing a seller account did. The `_id` is an ObjectId, which starts with its creation time: the
 * newest-first list and its date filters are ranges of `_id`, the one index FerretDB v1 uses.
 */
@Schema({ collection: 'activity_log', versionKey: false })
export class ActivityRecord {
  @Prop({ type: Types.ObjectId, required: true }) _id: Types.ObjectId;
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
