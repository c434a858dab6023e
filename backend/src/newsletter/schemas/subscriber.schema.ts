import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument } from 'mongoose';

@Schema({ timestamps: true })
export class Subscriber {
  /** Stored lower-cased: no collation (docs/database.md), so uniqueness is on the normalised value. */
  @Prop({ required: true, unique: true, lowercase: true, trim: true })
  email: string;
}

export type SubscriberDocument = HydratedDocument<Subscriber>;
export const SubscriberSchema = SchemaFactory.createForClass(Subscriber);
