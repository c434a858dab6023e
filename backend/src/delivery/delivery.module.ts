import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CountedModule } from '../common/counted/counted.module';
import { LocksModule } from '../common/locks/locks.module';
import { DeliveryController } from './delivery.controller';
import { DeliveryService } from './delivery.service';
import { StoredDeliverySettings, StoredDeliverySettingsSchema } from './schemas/delivery-settings.schema';
import { SlotPlaces, SlotPlacesSchema } from './schemas/slot-places.schema';
import { ShopClock } from './shop-clock';
import { DeliverySlotsService } from './slots/delivery-slots.service';
import { SlotPlacesService } from './slots/slot-places.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: StoredDeliverySettings.name, schema: StoredDeliverySettingsSchema },
      { name: SlotPlaces.name, schema: SlotPlacesSchema },
    ]),
    LocksModule,
    CountedModule,
  ],
  controllers: [DeliveryController],
  providers: [DeliveryService, ShopClock, SlotPlacesService, DeliverySlotsService],
  exports: [DeliveryService, DeliverySlotsService, ShopClock],
})
export class DeliveryModule {}
