import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A password-reset link that was used: its id, inserted once (a unique insert), so a link works once even when sent twice at the same moment. */
@Schema({ collection: 'used_reset_links', versionKey: false })
export class UsedResetLink {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: Date, required: true })
  at: Date;
}

export const UsedResetLinkSchema = SchemaFactory.createForClass(UsedResetLink);
