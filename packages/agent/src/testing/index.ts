export { scriptedChatModel } from './scripted-chat-model';
export type {
  ScriptedChatModel,
  ScriptedChatModelFunction,
} from './scripted-chat-model';
