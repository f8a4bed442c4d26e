export type {
  ConversationStructure,
  Exchange,
  Round,
} from './analyze-conversation';
export {
  analyzeConversation,
  isFinalAnswer,
  isFinalAnswerAt,
  isHarnessReply,
  isUserTurn,
  opensRound,
} from './analyze-conversation';
