import type { Message } from '../../vocabulary/message/message';

/**
 * Counts tokens. Implementations cache per message (messages are immutable), so
 * counting a conversation that grew by one message costs that one message.
 */
export interface TokenCounter {
  /** Name for logs and reports, e.g. `tiktoken:o200k_base` or `approximate`. */
  readonly name: string;
  /** Tokens of a plain string. Special-token text such as `<|endoftext|>` counts as plain text. */
  countText(text: string): number;
  /** Tokens of one message, including its per-message overhead. */
  countMessage(message: Message): number;
  /** Tokens of a message list: the sum of `countMessage`, computed incrementally. */
  countMessages(messages: readonly Message[]): number;
  /**
   * Loads what synchronous counting needs (the exact counters' tokenizer) and
   * resolves when counting will not load anything. Idempotent. Counters that
   * need nothing leave it out. `compressIfNeeded()` awaits it; in browsers
   * and edge runtimes await it (or `warmUp()`) before calling the synchronous
   * methods.
   */
  readonly load?: () => Promise<void>;
}
