/**
 * What one web push says: the backend encrypts it (web-push), the service worker shows it as a
 * notification and opens `url` (a path of the shop) when it is clicked. `tag` groups notifications about
 * one thing (an order), so a newer one replaces the older.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}
