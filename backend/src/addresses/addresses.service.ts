import { BadRequestException, Injectable, Logger, NotFoundException, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import type { Environment } from '../config/environment';
import { DeliveryService } from '../delivery/delivery.service';
import { MigrationRunner } from '../database/migrations/migration-runner';
import { AddressFieldsDto } from './dto/add-address.dto';
import { AddressBook, BOOKS_BUILT } from './schemas/address-book.schema';
import { Address, AddressDocument } from './schemas/address.schema';

/** A saved address as the shopper's list shows it. */
export type AddressWithDefault = ReturnType<AddressDocument['toJSON']> & { isDefault: boolean };

const BUSY = 'Your addresses are being changed in another window; please try again';

/**
 * A shopper's saved addresses. Each shopper's ids are kept in their address book (by `_id`), which
 * caps them at ADDRESS_BOOK_LIMIT; every read and write names an address or a book by `_id` alone
 * and checks the owner itself.
 */
@Injectable()
export class AddressesService implements OnModuleInit {
  private readonly logger = new Logger('Addresses');
  private readonly limit: number;

  constructor(
    @InjectModel(Address.name) private readonly addresses: Model<Address>,
    @InjectModel(AddressBook.name) private readonly books: Model<AddressBook>,
    private readonly locks: LocksService,
    private readonly delivery: DeliveryService,
    private readonly migrations: MigrationRunner,
    config: ConfigService<Environment, true>,
  ) {
    this.limit = config.get('ADDRESS_BOOK_LIMIT', { infer: true });
  }

  /** Saves a new address, unless the shopper has ADDRESS_BOOK_LIMIT already (400, nothing stored). */
  async add(userId: string, fields: AddressFieldsDto): Promise<AddressDocument> {
    return this.locks.run(`address-book:${userId}`, { busyMessage: BUSY }, async () => {
      const book = await this.books.findById(userId).lean<AddressBook>().exec();
      if ((book?.ids.length ?? 0) >= this.limit) throw this.full();
      // A new address becomes the default only where the shop delivers; elsewhere the default stays where it was.
      const served = (await this.delivery.check(fields.pincode)).serviceable;
      if (!served) await this.keepDefault(userId);
      const address = await this.addresses.create({ ...present(fields), ...(served ? { defaultAt: new Date() } : {}), user: new Types.ObjectId(userId) });
      const id = String(address._id);
      // By `_id` alone: the book's lock is the guard of the count read above.
      try {
        const result = await this.books.updateOne({ _id: userId }, { $push: { ids: id } }, { upsert: true }).exec();
        if (result.matchedCount + result.upsertedCount === 0) throw this.full();
      } catch (error) {
        // Full meanwhile (the upsert met the existing book): the address goes again.
        await this.addresses.deleteOne({ _id: address._id }).exec();
        throw isDuplicateKeyError(error) ? this.full() : error;
      }
      return address;
    });
  }

  /** The shopper's addresses, the default first (the one chosen last, else the newest), then newest first. */
  async listFor(userId: string): Promise<AddressDocument[]> {
    const book = await this.books.findById(userId).lean<AddressBook>().exec();
    const found = await Promise.all((book?.ids ?? []).map((id) => this.addresses.findById(id).exec()));
    const list = found.filter((a): a is AddressDocument => a !== null && String(a.user) === userId).sort((a, b) => newest(a, b));
    const chosen = list.reduce<AddressDocument | undefined>(
      (best, a) => (a.defaultAt && (!best?.defaultAt || a.defaultAt > best.defaultAt) ? a : best),
      undefined,
    );
    const first = chosen ?? list[0];
    return first ? [first, ...list.filter((a) => a !== first)] : list;
  }

  /** The list with `isDefault` on each (the first one). */
  async listWithDefault(userId: string): Promise<AddressWithDefault[]> {
    const list = await this.listFor(userId);
    return list.map((address, index) => ({ ...address.toJSON(), isDefault: index === 0 }));
  }

  /** The address only if it belongs to this shopper. */
  async findOwned(userId: string, addressId: string): Promise<AddressDocument | null> {
    if (!isValidObjectId(addressId)) return null;
    // By `_id` alone, then the owner checked here: every order reads its address, and `{ _id, user }` is
    // answered by reading every shopper's addresses where an index answers only `_id` (docs/database.md).
    const address = await this.addresses.findById(addressId).exec();
    return address && String(address.user) === userId ? address : null;
  }

  /** Replaces the fields of one of the shopper's addresses (past orders keep their own copy). */
  async update(userId: string, addressId: string, fields: AddressFieldsDto): Promise<AddressDocument> {
    const owned = await this.owned(userId, addressId);
    // An optional field left out now takes away the one saved before.
    const left = OPTIONAL_FIELDS.filter((field) => !fields[field]);
    const change = { $set: present(fields), ...(left.length ? { $unset: Object.fromEntries(left.map((field) => [field, 1])) } : {}) };
    const updated = await this.addresses.findByIdAndUpdate(owned._id, change, { returnDocument: 'after' }).exec();
    if (!updated) throw new NotFoundException('Address not found');
    return updated;
  }

  async remove(userId: string, addressId: string): Promise<void> {
    await this.locks.run(`address-book:${userId}`, { busyMessage: BUSY }, async () => {
      const owned = await this.owned(userId, addressId);
      // The book first: an address left behind by a crash in between is in no list.
      await this.books.updateOne({ _id: userId }, { $pull: { ids: String(owned._id) } }).exec();
      await this.addresses.deleteOne({ _id: owned._id }).exec();
    });
  }

  async makeDefault(userId: string, addressId: string): Promise<void> {
    const owned = await this.owned(userId, addressId);
    await this.addresses.updateOne({ _id: owned._id }, { $set: { defaultAt: new Date() } }).exec();
  }

  onModuleInit(): void {
    this.migrations.register({ id: 'address-books', run: () => this.buildBooks() });
  }

  /**
   * Once per database: address books for the addresses stored before them (one read of every address;
   * the books are filled by adding to them, so running it again is harmless). A database whose books
   * were built before the migration runner has the BOOKS_BUILT mark.
   */
  private async buildBooks(): Promise<void> {
    if (await this.books.exists({ _id: BOOKS_BUILT })) return;
    const stored = await this.addresses.collection
      .find({})
      .project<{ _id: Types.ObjectId; user: Types.ObjectId; createdAt?: Date }>({ user: 1, createdAt: 1 })
      .toArray();
    const perShopper = new Map<string, string[]>();
    for (const address of stored.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0))) {
      const shopper = String(address.user);
      perShopper.set(shopper, [...(perShopper.get(shopper) ?? []), String(address._id)]);
    }
    for (const [shopper, ids] of perShopper) {
      await this.locks.run(`address-book:${shopper}`, { busyMessage: BUSY }, () =>
        this.books.updateOne({ _id: shopper }, { $addToSet: { ids: { $each: ids } } }, { upsert: true }).exec(),
      );
    }
    await this.books.updateOne({ _id: BOOKS_BUILT }, { $set: { ids: [] } }, { upsert: true }).exec();
    if (perShopper.size) this.logger.log(`Address books made for ${perShopper.size} shoppers (${stored.length} addresses)`);
  }

  /** The default as it is now stays the default: one that is default only by being the newest is chosen for good. */
  private async keepDefault(userId: string): Promise<void> {
    const [current] = await this.listFor(userId);
    if (current && !current.defaultAt) await this.addresses.updateOne({ _id: current._id }, { $set: { defaultAt: new Date() } }).exec();
  }

  private async owned(userId: string, addressId: string): Promise<AddressDocument> {
    const address = await this.findOwned(userId, addressId);
    if (!address) throw new NotFoundException('Address not found');
    return address;
  }

  private full(): BadRequestException {
    return new BadRequestException(`You can keep up to ${this.limit} saved addresses; please delete one you no longer use first`);
  }
}

const OPTIONAL_FIELDS = ['email', 'house', 'landmark'] as const;

/** The fields given: optional ones left out or empty are not stored at all. */
function present(fields: AddressFieldsDto): Partial<AddressFieldsDto> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== '')) as Partial<AddressFieldsDto>;
}

/** Newest first (by creation time, then id). */
function newest(a: AddressDocument, b: AddressDocument): number {
  const at = (x: AddressDocument) => (x as unknown as { createdAt?: Date }).createdAt?.getTime() ?? 0;
  return at(b) - at(a) || String(b._id).localeCompare(String(a._id));
}
