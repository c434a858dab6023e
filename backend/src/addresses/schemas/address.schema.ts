import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Schema as MongooseSchema, Types } from 'mongoose';

@Schema({
  timestamps: true,
  toJSON: { virtuals: true, versionKey: false, transform: (_doc, ret: Record<string, unknown>) => (delete ret.id, delete ret.defaultAt, ret) },
})
export class Address {
  @Prop({ type: MongooseSchema.Types.ObjectId, ref: 'User', required: true, index: true })
  user: Types.ObjectId;

  @Prop({ required: true, trim: true }) firstName: string;
  @Prop({ required: true, trim: true }) lastName: string;
  /** Optional (addresses saved before it was always there); absent when the shopper gave none. */
  @Prop({ trim: true, lowercase: true }) email?: string;
  /** Optional flat / house and landmark (absent when the shopper gave none). */
  @Prop({ trim: true }) house?: string;
  @Prop({ required: true, trim: true }) street: string;
  @Prop({ trim: true }) landmark?: string;
  @Prop({ required: true, trim: true }) city: string;
  @Prop({ required: true, trim: true }) state: string;
  @Prop({ required: true, trim: true }) pincode: string;
  @Prop({ required: true, trim: true }) country: string;
  @Prop({ required: true, trim: true }) phone: string;
  /** When the shopper made this their default address; the latest such address is the default (one write per choice, no race). */
  @Prop() defaultAt?: Date;
}

export type AddressDocument = HydratedDocument<Address>;
export const AddressSchema = SchemaFactory.createForClass(Address);
AddressSchema.index({ user: 1, createdAt: -1 });
// The seller's order view reads `zipcode` (spec section 3); it is the same value as the pincode.
AddressSchema.virtual('zipcode').get(function (this: Address) {
  return this.pincode;
});
