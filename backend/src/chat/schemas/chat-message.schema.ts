import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, Schema as MongooseSchema, Types } from 'mongoose';

/** One message of a shopper's conversation with the shop. */
@Schema({ collection: 'chat_messages', timestamps: { createdAt: true, updatedAt: false }, versionKey: false })
export class ChatMessageRecord {
  /** The shopper whose conversation it is (whoever wrote it). */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) user: Types.ObjectId;
  @Prop({ type: String, required: true, enum: ['user', 'seller'] }) from: 'user' | 'seller';
  @Prop({ required: true }) text: string;
  @Prop({ type: MongooseSchema.Types.ObjectId }) orderId?: Types.ObjectId;
  /** The order's number ("GC-10003") as it was when the message was written; older messages have only the id. */
  @Prop() orderNumber?: string;
  /** Read by the other side: the seller for a shopper's message, the shopper for a reply. */
  @Prop({ required: true, default: false }) read: boolean;
  createdAt: Date;
}

export type ChatMessageDocument = HydratedDocument<ChatMessageRecord>;
export const ChatMessageSchema = SchemaFactory.createForClass(ChatMessageRecord);
ChatMessageSchema.index({ user: 1, createdAt: -1 });
ChatMessageSchema.index({ user: 1, from: 1, read: 1 });

/** One row of the seller's inbox per shopper: who, and the last message (kept on each write, so the inbox is one sorted query). */
@Schema({ collection: 'chat_conversations', versionKey: false })
export class Conversation {
  /** The shopper's id. */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true }) _id: Types.ObjectId;
  @Prop({ required: true }) name: string;
  @Prop({ required: true }) email: string;
  @Prop({ required: true }) lastText: string;
  @Prop({ type: String, required: true, enum: ['user', 'seller'] }) lastFrom: 'user' | 'seller';
  @Prop({ required: true }) lastAt: Date;
}

export const ConversationSchema = SchemaFactory.createForClass(Conversation);
ConversationSchema.index({ lastAt: -1 });
