import type { Message, ToolResultPart } from '@acm/core';
import type { AgentRunResult } from '../react-agent/agent-run-result';
import type { ReActAgent } from '../react-agent/react-agent';
import type { ChatModelResponse } from '../model/chat-model';
import type { ToolDefinition } from '../tool/tool-definition';

/** What a value or a promise of it. */
type MaybePromise<T> = T | Promise<T>;

/** What every hook receives. */
export interface HookContext {
  /** The agent running the hook. */
  readonly agent: ReActAgent;
  /** The run's abort signal. */
  readonly signal: AbortSignal;
  /** Reasoning steps taken in this run so far. */
  readonly iteration: number;
}

/** What one model call sends, as hooks see and change it. */
export interface ReasoningRequest {
  /** The conversation without the system prompt: the working messages plus what hooks add. */
  readonly messages: readonly Message[];
  /** The tools the model may call. */
  readonly tools: readonly ToolDefinition[];
  /** The system prompt; sent first as a `system` message when not empty. */
  readonly systemPrompt: string;
}

/** One tool call about to run, as `preActing` hooks see and change it. */
export interface PlannedToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  /**
   * Set by a hook to veto the call: the tool does not run and the model gets
   * this text as an error result.
   */
  readonly veto?: string;
}

export interface PreCallContext extends HookContext {
  /** The messages the run appends before its first step (empty on `resume`). */
  readonly input: readonly Message[];
}
export interface PreReasoningContext extends HookContext {
  readonly request: ReasoningRequest;
}
export interface PostReasoningContext extends HookContext {
  /** The request as it was sent. */
  readonly request: ReasoningRequest;
  /** The model's answer (the message has its id). */
  readonly response: ChatModelResponse & {
    readonly message: Message & { readonly role: 'assistant' };
  };
}
export interface PreActingContext extends HookContext {
  /** The calls to run, in the order the model made them. */
  readonly toolCalls: readonly PlannedToolCall[];
}
export interface PostActingContext extends HookContext {
  /** The calls as they ran. */
  readonly toolCalls: readonly PlannedToolCall[];
  /** One result per call, in call order. */
  readonly results: readonly ToolResultPart[];
}
export interface PostCallContext extends HookContext {
  readonly result: AgentRunResult;
}

/**
 * A hook into the agent's loop. Each handler may return a change for its
 * step (or nothing): the next hook sees the changed value, and the agent uses
 * what the last hook left.
 *
 * - `preCall`: before the run appends its input (`{ input }` replaces it);
 * - `preReasoning`: before every model call (`{ messages, tools,
 *   systemPrompt }`, each optional, replace the request's parts);
 * - `postReasoning`: after the model answered, before its message is stored
 *   (`{ response }` replaces it);
 * - `preActing`: before the tool calls run (`{ toolCalls }` replaces them:
 *   change inputs, or set `veto`; every call the model made keeps a result);
 * - `postActing`: after the tools ran, before the results are stored
 *   (`{ results }` replaces them, one per call, in call order);
 * - `postCall`: when the run ends (completed, out of iterations or aborted).
 */
export interface AgentHook {
  /** For events and error messages. @default 'hook' */
  readonly name?: string;
  /**
   * Lower runs first; hooks with the same priority run in the order given.
   * @default 0
   */
  readonly priority?: number;
  preCall?(
    context: PreCallContext,
  ): MaybePromise<{ readonly input?: readonly Message[] } | void>;
  preReasoning?(
    context: PreReasoningContext,
  ): MaybePromise<Partial<ReasoningRequest> | void>;
  postReasoning?(
    context: PostReasoningContext,
  ): MaybePromise<{ readonly response?: ChatModelResponse } | void>;
  preActing?(
    context: PreActingContext,
  ): MaybePromise<{ readonly toolCalls?: readonly PlannedToolCall[] } | void>;
  postActing?(
    context: PostActingContext,
  ): MaybePromise<{ readonly results?: readonly ToolResultPart[] } | void>;
  postCall?(context: PostCallContext): MaybePromise<void>;
}
