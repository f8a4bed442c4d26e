export { summarizerFromChatModel } from './summarizer-from-chat-model';
export type {
  SummarizerChatModel,
  SummarizerFromChatModelOptions,
} from './summarizer-from-chat-model';
