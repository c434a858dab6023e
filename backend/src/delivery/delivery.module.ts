import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { DeliveryController } from './delivery.controller';
import { DeliveryService } from './delivery.service';
import { StoredDeliverySettings, StoredDeliverySettingsSchema } from './schemas/delivery-settings.schema';

@Module({
  imports: [MongooseModule.forFeature([{ name: StoredDeliverySettings.name, schema: StoredDeliverySettingsSchema }])],
  controllers: [DeliveryController],
  providers: [DeliveryService],
  exports: [DeliveryService],
})
export class DeliveryModule {}
