export type {
  AssistantMessageInput,
  ChatModel,
  ChatModelRequest,
  ChatModelResponse,
  ModelUsage,
} from './chat-model';
