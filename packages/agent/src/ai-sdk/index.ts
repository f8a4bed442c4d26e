export { aiSdkChatModel } from './ai-sdk-chat-model';
export type { AiSdkChatModelOptions } from './ai-sdk-chat-model';
