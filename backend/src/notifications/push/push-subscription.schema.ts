import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One browser that asked for pushes, for one account (`shopper:<user id>` or `seller`). Its `_id` is the
 * SHA-256 of the push service's endpoint (endpoints are long URLs), so subscribing again from the same
 * browser updates it. Read by `_id` and by the indexed `account`.
 */
@Schema({ collection: 'push_subscriptions', versionKey: false })
export class PushSubscriptionRecord {
  @Prop({ type: String, required: true })
  _id: string;

  @Prop({ type: String, required: true, index: true })
  account: string;

  @Prop({ type: String, required: true })
  endpoint: string;

  /** The browser's P-256 public key and auth secret (base64url): what the payload is encrypted for (RFC 8291). */
  @Prop({ type: String, required: true })
  p256dh: string;

  @Prop({ type: String, required: true })
  auth: string;

  @Prop({ type: Date, required: true })
  createdAt: Date;
}

export const PushSubscriptionSchema = SchemaFactory.createForClass(PushSubscriptionRecord);
