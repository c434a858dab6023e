import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One place taken in a slot: by an order (`order:<id>`) or held by an online checkout until it lapses. */
@Schema({ _id: false, versionKey: false })
export class SlotPlace {
  @Prop({ type: String, required: true }) ref: string;
  /** Held by a checkout until then; absent: the order's. */
  @Prop({ type: Date }) until?: Date;
  /** An order's place taken then, its order not yet known to be stored (a placing that stops half-way is swept back). */
  @Prop({ type: Date }) at?: Date;
}
const SlotPlaceSchema = SchemaFactory.createForClass(SlotPlace);

/** The places taken in one slot of one day (`_id` "2026-11-29T07:00"): the counter and its ledger at once. */
@Schema({ collection: 'delivery_slot_places', versionKey: false })
export class SlotPlaces {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: [SlotPlaceSchema], default: [] }) places: SlotPlace[];
  /** Compare-and-set version. */
  @Prop({ type: Number, default: 0 }) v: number;
}

export const SlotPlacesSchema = SchemaFactory.createForClass(SlotPlaces);
