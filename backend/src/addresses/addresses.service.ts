import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { AddressFieldsDto } from './dto/add-address.dto';
import { Address, AddressDocument } from './schemas/address.schema';

/** A saved address as the shopper's list shows it. */
export type AddressWithDefault = ReturnType<AddressDocument['toJSON']> & { isDefault: boolean };

const MAX_ADDRESSES = 100;

@Injectable()
export class AddressesService {
  constructor(@InjectModel(Address.name) private readonly addresses: Model<Address>) {}

  add(userId: string, fields: AddressFieldsDto): Promise<AddressDocument> {
    return this.addresses.create({ ...fields, user: new Types.ObjectId(userId) });
  }

  /** The shopper's addresses, the default first (the one chosen last, else the newest), then newest first. */
  async listFor(userId: string): Promise<AddressDocument[]> {
    const list = await this.addresses
      .find({ user: new Types.ObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(MAX_ADDRESSES)
      .exec();
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

  /** The address only if it belongs to this shopper (ownership is part of the query). */
  async findOwned(userId: string, addressId: string): Promise<AddressDocument | null> {
    if (!isValidObjectId(addressId)) return null;
    // By `_id` alone, then the owner checked here: every order reads its address, and FerretDB v1 over
    // SQLite answers `{ _id, user }` by reading every shopper's addresses (only `_id` is looked up by index).
    const address = await this.addresses.findById(addressId).exec();
    return address && String(address.user) === userId ? address : null;
  }

  /** Replaces the fields of one of the shopper's addresses (past orders keep their own copy). */
  async update(userId: string, addressId: string, fields: AddressFieldsDto): Promise<AddressDocument> {
    const updated = await this.addresses
      .findOneAndUpdate({ _id: this.id(addressId), user: new Types.ObjectId(userId) }, { $set: fields }, { returnDocument: 'after' })
      .exec();
    if (!updated) throw new NotFoundException('Address not found');
    return updated;
  }

  async remove(userId: string, addressId: string): Promise<void> {
    const result = await this.addresses.deleteOne({ _id: this.id(addressId), user: new Types.ObjectId(userId) });
    if (!result.deletedCount) throw new NotFoundException('Address not found');
  }

  async makeDefault(userId: string, addressId: string): Promise<void> {
    const result = await this.addresses.updateOne({ _id: this.id(addressId), user: new Types.ObjectId(userId) }, { $set: { defaultAt: new Date() } });
    if (!result.matchedCount) throw new NotFoundException('Address not found');
  }

  private id(addressId: string): Types.ObjectId {
    if (!isValidObjectId(addressId)) throw new NotFoundException('Address not found');
    return new Types.ObjectId(addressId);
  }
}
