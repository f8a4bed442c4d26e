export { AutoContextChatMessageHistory } from './auto-context-chat-message-history';
export type { AutoContextChatMessageHistoryOptions } from './auto-context-chat-message-history';
