export type {
  AgentHook,
  HookContext,
  PlannedToolCall,
  PostActingContext,
  PostCallContext,
  PostReasoningContext,
  PreActingContext,
  PreCallContext,
  PreReasoningContext,
  ReasoningRequest,
} from './agent-hook';
export { sortHooks } from './sort-hooks';
