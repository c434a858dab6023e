export { slotKeys } from './api/keys';
export { getDeliverySlotsQueryOptions, useDeliverySlots } from './api/get-delivery-slots';
export { useSlotOrders } from './api/get-seller-slots';
export { SlotChooser } from './components/slot-chooser';
export { SlotFilter } from './components/slot-filter';
export { useSlotChoice } from './use-slot-choice';
/** The pick list page loads with its route. */
export const loadPickListPage = () => import('./routes/pick-list');
