import type { MemoryCore } from './create-memory-core';

/** Loads the counter (`TokenCounter.load`) and remembers that it is loaded. */
export async function loadCounter(core: MemoryCore): Promise<void> {
  await core.counter.load?.();
  core.counterLoaded = true;
}
