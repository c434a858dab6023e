import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One shopper's saved addresses, by `_id` (the shopper's id): the list is read through it by `_id`
 * alone, never by a query on `addresses.user` (which may be answered by reading every shopper's
 * addresses, docs/database.md), and it holds the quota (ADDRESS_BOOK_LIMIT).
 */
@Schema({ collection: 'address_books', versionKey: false })
export class AddressBook {
  @Prop({ type: String, required: true }) _id: string;
  /** The shopper's address ids, oldest first. */
  @Prop({ type: [String], default: [] }) ids: string[];
}

export const AddressBookSchema = SchemaFactory.createForClass(AddressBook);
/** The marker of a database whose address books were built from the addresses stored before them. */
export const BOOKS_BUILT = 'job:address-books-built';
