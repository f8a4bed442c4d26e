export type { ConversationStructure, Exchange, Round } from './analyze-conversation';
export { analyzeConversation, isFinalAnswer, isUserTurn } from './analyze-conversation';
