import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types } from 'mongoose';
import { AddressFieldsDto } from './dto/add-address.dto';
import { Address, AddressDocument } from './schemas/address.schema';

@Injectable()
export class AddressesService {
  constructor(@InjectModel(Address.name) private readonly addresses: Model<Address>) {}

  add(userId: string, fields: AddressFieldsDto): Promise<AddressDocument> {
    return this.addresses.create({ ...fields, user: new Types.ObjectId(userId) });
  }

  listFor(userId: string): Promise<AddressDocument[]> {
    return this.addresses.find({ user: userId }).sort({ createdAt: -1, _id: -1 }).limit(100).exec();
  }

  /** The address only if it belongs to this shopper (ownership is part of the query). */
  async findOwned(userId: string, addressId: string): Promise<AddressDocument | null> {
    if (!isValidObjectId(addressId)) return null;
    return this.addresses.findOne({ _id: addressId, user: userId }).exec();
  }
}
