import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import type { TokenCounter } from './token-counter';

export interface CountFixedTokensOptions {
  /** The counter the conversation is counted with. */
  readonly counter: TokenCounter;
  /**
   * A system prompt the adapter sends outside the message list (e.g. the AI
   * SDK's `system`, an agent's instructions). Counted as text plus
   * `messageOverhead`. Leave it out when the system prompt is a message of the
   * conversation: it is counted there already.
   */
  readonly system?: string;
  /**
   * Tool definitions as the adapter sends them to the provider (any shape:
   * OpenAI `{ type: 'function', function: { name, description, parameters } }`,
   * AI SDK `{ name, description, inputSchema }`, …). Each counts as its JSON
   * text plus `toolOverhead`: providers render tool schemas into the prompt,
   * and JSON is a close stand-in for what they render.
   * @default []
   */
  readonly tools?: readonly unknown[];
  /**
   * Tokens the chat format adds around a message.
   * @default 3
   */
  readonly messageOverhead?: number;
  /**
   * Tokens a tool definition costs beyond its JSON.
   * @default 3
   */
  readonly toolOverhead?: number;
}

/**
 * Tokens of the prompt parts that are not messages: a system prompt and tool
 * schemas. Adapters pass the result to `checkTrigger` as `fixedTokens`.
 */
export function countFixedTokens({
  counter,
  system,
  tools = [],
  messageOverhead = 3,
  toolOverhead = 3,
}: CountFixedTokensOptions): number {
  let total =
    system === undefined ? 0 : messageOverhead + counter.countText(system);
  for (const tool of tools) {
    total += toolOverhead + counter.countText(stringifyToolOutput(tool));
  }
  return total;
}
