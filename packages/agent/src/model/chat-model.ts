import type { Message } from '@acm/core';
import type { ToolDefinition } from '../tool/tool-definition';

/** Token usage a model reports for one call. */
export interface ModelUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** What the agent sends to its model for one reasoning step. */
export interface ChatModelRequest {
  /** The conversation: the system prompt first (as a `system` message, when there is one), then the managed view. */
  readonly messages: readonly Message[];
  /** The tools the model may call. */
  readonly tools: readonly ToolDefinition[];
  /** Aborted when the caller gives up on the run. */
  readonly signal: AbortSignal;
}

/** An assistant message as a model returns it; the agent assigns an id when it has none. */
export type AssistantMessageInput = Omit<Message, 'id' | 'role'> & {
  readonly id?: string;
  readonly role: 'assistant';
};

/** What a model answers for one reasoning step. */
export interface ChatModelResponse {
  /** The assistant message: text, reasoning and tool calls. */
  readonly message: AssistantMessageInput;
  /** Provider-reported usage, when known (feeds token calibration). */
  readonly usage?: ModelUsage;
}

/**
 * The one thing the agent needs from a model: messages and tool definitions
 * in, an assistant message (with optional tool calls) out. Implement it over
 * any SDK; `@acm/agent/ai-sdk` implements it over an AI SDK `LanguageModel`.
 */
export interface ChatModel {
  generate(request: ChatModelRequest): Promise<ChatModelResponse>;
}
