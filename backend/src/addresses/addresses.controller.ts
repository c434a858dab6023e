import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IsMongoId } from 'class-validator';
import { CurrentUser } from '../sessions/current-user.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { AddressesService } from './addresses.service';
import { AddAddressDto } from './dto/add-address.dto';

class AddressIdParams {
  @IsMongoId({ message: 'Invalid address id' })
  id: string;
}

@ApiTags('addresses')
@Controller('Address')
@ShopperOnly()
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Post('add')
  async add(@CurrentUser() user: UserData, @Body() dto: AddAddressDto) {
    const address = await this.addresses.add(user._id, dto.adress);
    return { success: true, message: 'Address added', address };
  }

  /** The shopper's addresses, the default first, each with `isDefault`. */
  @Get('get')
  async list(@CurrentUser() user: UserData) {
    return { success: true, address: await this.addresses.listWithDefault(user._id) };
  }

  /** Edits a saved address; orders already placed keep the address they were placed with. */
  @Patch(':id')
  async update(@CurrentUser() user: UserData, @Param() params: AddressIdParams, @Body() dto: AddAddressDto) {
    const address = await this.addresses.update(user._id, params.id, dto.adress);
    return { success: true, message: 'Address updated', address };
  }

  @Delete(':id')
  async remove(@CurrentUser() user: UserData, @Param() params: AddressIdParams) {
    await this.addresses.remove(user._id, params.id);
    return { success: true, message: 'Address deleted' };
  }

  @Post(':id/default')
  @HttpCode(200)
  async makeDefault(@CurrentUser() user: UserData, @Param() params: AddressIdParams) {
    await this.addresses.makeDefault(user._id, params.id);
    return { success: true, message: 'Default address saved' };
  }
}
