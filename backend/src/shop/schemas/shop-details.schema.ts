import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** The shop's legal details as the seller saved them: one document (`_id: 'shop'`), replaced whole by each save. */
@Schema({ collection: 'shop_details', versionKey: false, timestamps: true })
export class StoredShopDetails {
  @Prop({ type: String, required: true }) _id: string;
  @Prop({ type: String, required: true }) legalName: string;
  /** Absent: the shop is not registered for GST (its invoices are bills of supply). */
  @Prop({ type: String }) gstin?: string;
  @Prop({ type: String, required: true }) address: string;
  /** GST state code ('29'). */
  @Prop({ type: String, required: true }) stateCode: string;
  /** Issue 54: `flat | gst | composition | unregistered`; absent: `flat` (saved before tax modes). */
  @Prop({ type: String }) taxMode?: string;
  /** The GST rates (percent) the shop's products may carry; absent: DEFAULT_GST_RATES. */
  @Prop({ type: [Number], default: undefined }) gstRates?: number[];
  /** `gst` mode: the rate inside the delivery fee; absent: DEFAULT_DELIVERY_GST_RATE. */
  @Prop({ type: Number }) deliveryGstRate?: number;
}

export const StoredShopDetailsSchema = SchemaFactory.createForClass(StoredShopDetails);
