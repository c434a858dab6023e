export { slotKeys } from './api/keys';
export { getDeliverySlotsQueryOptions, useDeliverySlots } from './api/get-delivery-slots';
export { SlotChooser } from './components/slot-chooser';
