import type { AutoContextMemoryOptions } from '../memory/facade/auto-context-memory-options';
import { AutoContextMemory } from '../memory/facade/auto-context-memory';

/** A memory and the way to use it so that it stays in step with its store. */
export interface PersistedMemory {
  readonly memory: AutoContextMemory;
  /**
   * Runs `operation` on the memory once it is loaded from its store (before
   * the first operation; a failed load rejects this operation and is tried
   * again by the next one), then saves it (`save()` writes only a change).
   * Without persistence, only runs it. A rejected operation is not saved.
   */
  run<TResult>(
    operation: (memory: AutoContextMemory) => TResult | Promise<TResult>,
  ): Promise<TResult>;
}

/**
 * The memory of a framework object that has no load or save step of its own
 * (LangChain's chat message history and chain memory): `memory` when given
 * (persisting it is then the caller's business), else a new memory from
 * `options` which, with a `store`, is loaded before its first operation and
 * saved after every operation (see {@link PersistedMemory.run}).
 */
export function createPersistedMemory({
  memory,
  ...options
}: AutoContextMemoryOptions & {
  readonly memory?: AutoContextMemory;
}): PersistedMemory {
  const target = memory ?? new AutoContextMemory(options);
  if (memory !== undefined || options.store === undefined) {
    return {
      memory: target,
      run: async (operation) => await operation(target),
    };
  }
  let loaded: Promise<unknown> | undefined;
  return {
    memory: target,
    async run(operation) {
      loaded ??= target.load().catch((error: unknown) => {
        loaded = undefined; // tried again by the next operation
        throw error;
      });
      await loaded;
      const result = await operation(target);
      await target.save();
      return result;
    },
  };
}
