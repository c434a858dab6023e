import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../sessions/current-user.decorator';
import { ShopperOnly } from '../sessions/shopper-only.decorator';
import type { UserData } from '../users/users.service';
import { AddressesService } from './addresses.service';
import { AddAddressDto } from './dto/add-address.dto';

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

  @Get('get')
  async list(@CurrentUser() user: UserData) {
    return { success: true, address: await this.addresses.listFor(user._id) };
  }
}
