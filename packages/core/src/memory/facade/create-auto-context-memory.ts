import { AutoContextMemory } from './auto-context-memory';
import type { AutoContextMemoryOptions } from './auto-context-memory-options';

/**
 * Creates an {@link AutoContextMemory}; the same as
 * `new AutoContextMemory(options)`.
 *
 * @example
 * const memory = createAutoContextMemory({
 *   sessionId: 'chat-42',
 *   config: { maxToken: 128_000 },
 *   summarizer, // from an adapter; the extractive summarizer by default
 * });
 * await memory.addMessage(message);
 * await memory.compressIfNeeded();
 * const prompt = memory.getMessages();
 *
 * @throws InvalidArgumentError for an invalid `sessionId`;
 * InvalidConfigError for an invalid `config`.
 */
export function createAutoContextMemory(
  options: AutoContextMemoryOptions = {},
): AutoContextMemory {
  return new AutoContextMemory(options);
}
