import type { MemoryEpochs } from '../../memory/facade/memory-epochs';
import type { Message } from '../../vocabulary/message/message';

/** What the handler reads from a memory (`AutoContextMemory` fits). */
export interface ContextSearchMemory {
  readonly sessionId: string;
  /** How many messages the append-only original store holds. */
  getOriginalMessageCount(): number;
  /** The original message at `index` (0-based), or `undefined` past the end. */
  getOriginalMessageAt(index: number): Message | undefined;
  /** Offloaded content by reload id. */
  getOffloadContext(): Readonly<Record<string, readonly Message[]>>;
  /** The working messages (to tell which hits the model still sees). */
  getMessages(): readonly Message[];
  /**
   * What changed (`AutoContextMemory.getEpochs`): with it the index follows
   * the memory in O(what changed); without it the memory is read again in
   * full on every search.
   */
  getEpochs?(): MemoryEpochs;
}
