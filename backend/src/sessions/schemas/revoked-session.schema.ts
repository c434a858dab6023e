import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A session ended by logging out: its token is refused until it would have expired anyway. */
@Schema({ collection: 'revoked_sessions', versionKey: false })
export class RevokedSession {
  /** The token's `sid`. */
  @Prop({ type: String, required: true }) _id: string;
  /** When the token expires; the record is useless (and removed) after that. */
  @Prop({ required: true }) until: Date;
}

export const RevokedSessionSchema = SchemaFactory.createForClass(RevokedSession);
