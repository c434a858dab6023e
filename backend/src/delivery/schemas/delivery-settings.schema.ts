import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One served pincode (fee in paise). */
@Schema({ _id: false, versionKey: false })
export class StoredArea {
  @Prop({ type: String, required: true }) pincode: string;
  @Prop({ required: true }) etaMinutes: number;
  @Prop({ required: true }) feePaise: number;
}
const StoredAreaSchema = SchemaFactory.createForClass(StoredArea);

@Schema({ _id: false, versionKey: false })
export class StoredHours {
  @Prop({ type: String, required: true }) open: string;
  @Prop({ type: String, required: true }) close: string;
}
const StoredHoursSchema = SchemaFactory.createForClass(StoredHours);

/** One weekly delivery slot (issue 41). */
@Schema({ _id: false, versionKey: false })
export class StoredSlotRule {
  @Prop({ type: [Number], required: true }) days: number[];
  @Prop({ type: String, required: true }) start: string;
  @Prop({ type: String, required: true }) end: string;
  @Prop({ required: true }) capacity: number;
  @Prop({ required: true }) cutoffMinutes: number;
}
const StoredSlotRuleSchema = SchemaFactory.createForClass(StoredSlotRule);

/** The shop's one delivery settings document (`_id: 'delivery'`), replaced whole by each save. */
@Schema({ collection: 'delivery_settings', versionKey: false, timestamps: true })
export class StoredDeliverySettings {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: [StoredAreaSchema], default: [] }) areas: StoredArea[];
  @Prop({ type: Number, default: null }) freeDeliveryAbovePaise: number | null;
  @Prop({ type: Number, default: 0 }) minimumOrderPaise: number;
  @Prop({ type: StoredHoursSchema, default: null }) hours: StoredHours | null;
  /** Delivery slots (issue 41). */
  @Prop({ type: Boolean, default: true }) express: boolean;
  @Prop({ type: [StoredSlotRuleSchema], default: [] }) slots: StoredSlotRule[];
  @Prop({ type: Number, default: 3 }) slotDays: number;
  @Prop({ type: [String], default: [] }) closedDates: string[];
}

export const StoredDeliverySettingsSchema = SchemaFactory.createForClass(StoredDeliverySettings);
