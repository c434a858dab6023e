/**
 * Web push (issue 26): the offer after an order and the settings switch. Pages import this file
 * dynamically (`import('@/features/push')`) once they show it: its code, and its name, stay out of
 * the first download.
 */
export { NotificationSettings, OrderUpdatesOffer } from './components/push-offer';
