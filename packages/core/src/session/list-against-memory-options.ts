import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import type { Message } from '../vocabulary/message/message';

/**
 * A framework's message list read against a memory's original messages: what
 * `findTailOverlap` and `findHistoryDivergence` both take.
 */
export interface ListAgainstMemoryOptions<TMessage> {
  readonly memory: AutoContextMemory;
  /** How many messages the list has (from its offset). */
  readonly length: number;
  /** The list's message at `index` (from its offset). */
  readonly at: (index: number) => TMessage;
  /** Whether a list message is `stored`, the original message at `position`. */
  readonly isStored: (
    message: TMessage,
    position: number,
    stored: Message,
  ) => boolean;
}
