import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { LocksModule } from '../common/locks/locks.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { MigrationsModule } from '../database/migrations/migrations.module';
import { AddressesController } from './addresses.controller';
import { AddressesService } from './addresses.service';
import { AddressBook, AddressBookSchema } from './schemas/address-book.schema';
import { Address, AddressSchema } from './schemas/address.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Address.name, schema: AddressSchema },
      { name: AddressBook.name, schema: AddressBookSchema },
    ]),
    LocksModule,
    DeliveryModule,
    MigrationsModule,
  ],
  controllers: [AddressesController],
  providers: [AddressesService],
  exports: [AddressesService],
})
export class AddressesModule {}
