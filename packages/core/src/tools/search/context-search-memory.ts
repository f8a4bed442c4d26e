import type { MemoryEpochs } from '../../memory/facade/memory-epochs';
import type { Message } from '../../vocabulary/message/message';

/** What the handler reads from a memory (`AutoContextMemory` fits). */
export interface ContextSearchMemory {
  readonly sessionId: string;
  getOriginalMessageCount(): number;
  getOriginalMessageAt(index: number): Message | undefined;
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
