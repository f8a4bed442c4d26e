import type { LongTermMemory } from '../tools/long-term/create-long-term-memory';
import type { Message } from '../vocabulary/message/message';

/** What failed, for `onError`: the retrieval before a model call, or the recording after it. */
export interface LongTermTurnError {
  readonly operation: 'retrieve' | 'record';
}

/** Long-term memory's static mode around model calls, for one adapter instance. */
export interface LongTermTurns {
  /**
   * The memories relevant to `message` (the latest user message), retrieved
   * once per message and memory: later steps of a tool loop reuse the
   * retrieval while the message has the same id and content; a failed one is
   * forgotten. A failure goes to `onError` and gives `''`; without
   * `onError` it rejects.
   */
  retrieve(memory: LongTermMemory, message: Message): Promise<string>;
  /**
   * Records a turn in the background (never awaited by the call, so the
   * reply is never delayed; core records each message once, by id, in the
   * backend, so a restart or a second instance adds nothing twice); a failure
   * goes to `onError`, or is dropped without it (a function giving the
   * messages is called in the background too, its failure handled alike).
   */
  record(
    memory: LongTermMemory,
    messages: readonly Message[] | (() => readonly Message[]),
  ): void;
  /** Resolves when every recording started so far has settled (never rejects). */
  flush(): Promise<void>;
}

/**
 * The wiring every adapter's long-term memory middleware or hook shares:
 * retrieval before a call (once per user message), recording after it in
 * the background, `flush`, and the error policy. The adapter decides where
 * the block goes (`formatLongTermMemoryBlock`) and what a turn is.
 */
export function createLongTermTurns({
  onError,
}: {
  readonly onError?: (error: unknown, context: LongTermTurnError) => void;
} = {}): LongTermTurns {
  const pending = new Set<Promise<void>>();
  const retrievals = new WeakMap<
    LongTermMemory,
    { key: string; text: Promise<string> }
  >();
  return {
    async retrieve(memory, message) {
      const key = `${message.id}\n${JSON.stringify(message.content)}`;
      let last = retrievals.get(memory);
      if (last?.key !== key) {
        last = { key, text: memory.retrieve(message) };
        retrievals.set(memory, last);
      }
      const entry = last;
      try {
        return await entry.text;
      } catch (error) {
        if (retrievals.get(memory) === entry) retrievals.delete(memory);
        if (onError === undefined) throw error;
        onError(error, { operation: 'retrieve' });
        return '';
      }
    },
    record(memory, messages) {
      const task = Promise.resolve()
        .then(() =>
          memory.record(typeof messages === 'function' ? messages() : messages),
        )
        .catch((error: unknown) => onError?.(error, { operation: 'record' }));
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    async flush() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/** The index of the last item that `matches`, or -1. */
export function findLastIndex<TItem>(
  items: readonly TItem[],
  matches: (item: TItem) => boolean,
): number {
  for (let index = items.length - 1; index >= 0; index--) {
    if (matches(items[index]!)) return index;
  }
  return -1;
}
