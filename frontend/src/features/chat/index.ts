export { useConversation } from './api/get-conversation';
export { useInbox } from './api/get-inbox';
export { useSellerUnread } from './api/get-seller-unread';
export { useMarkConversationRead } from './api/mark-conversation-read';
export { useReplyToShopper } from './api/reply-to-shopper';
export { inboxTime } from './chat-time';
/** The navbar's chat link (and the shopper's socket) load once a shopper is signed in. */
export const loadChatLink = () => import('./components/chat-link');
export { MessageComposer, offlineReason } from './components/message-composer';
export { MessageList } from './components/message-list';
export { flattenConversations, flattenMessages } from './message-cache';
/** The shopper's chat page loads with its route. */
export const loadChatPage = () => import('./routes/chat');
export type { ChatMessage, ChatShopper, Conversation } from './types';
