import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CartLock, CartLockSchema } from './schemas/cart-lock.schema';
import { User, UserSchema } from './schemas/user.schema';
import { UsersService } from './users.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: CartLock.name, schema: CartLockSchema },
    ]),
  ],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
