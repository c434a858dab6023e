/** Web push (issue 26): offers and settings load with the pages that show them. */
export { NotificationSettings, OrderUpdatesOffer } from './components/push-offer';
