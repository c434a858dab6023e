import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument } from 'mongoose';

@Schema({ timestamps: true })
export class User {
  @Prop({ required: true, trim: true, maxlength: 50 })
  firstName: string;

  /** Stored lower-cased: no collation (docs/database.md), so uniqueness is on the normalised value. */
  @Prop({ required: true, unique: true, lowercase: true, trim: true })
  email: string;

  /** argon2id hash; absent for accounts created through Google. Never selected unless asked for. */
  @Prop({ select: false })
  passwordHash?: string;

  /** Google's `sub`. Not a unique index: no sparse/partial indexes (docs/database.md), so linking is by the unique email. */
  @Prop({ index: true })
  googleId?: string;

  /** Part of every session token; raising it ends every session of the account ("sign out everywhere"). */
  @Prop({ default: 0 })
  sessionVersion: number;

  /**
   * false from sign-up until the shopper opens the link mailed to them; true after. Absent: verified
   * (Google accounts, and accounts made before addresses were verified, which are taken as they are).
   */
  @Prop()
  emailVerified?: boolean;

  /** When the latest verification link was mailed (one per couple of minutes, however often "Resend" is pressed). */
  @Prop()
  verificationMailAt?: Date;

  /** Order progress mails (packing, out for delivery, delivered); absent means on. Receipts always go. */
  @Prop()
  orderProgressEmails?: boolean;
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
