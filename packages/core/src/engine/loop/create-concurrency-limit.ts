/** Runs `task` once a slot is free; see `createConcurrencyLimit`. */
export type ConcurrencyLimit = <T>(
  task: () => Promise<T>,
  signal?: AbortSignal,
) => Promise<T>;

/**
 * A gate that lets at most `limit` tasks run at once; the others wait for a
 * slot in call order. A slot is held only while the task's own promise is
 * pending (a merge that waits for its groups holds none, so nesting cannot
 * deadlock). A task whose `signal` aborted while it waited is not started:
 * it rejects with the abort reason and frees its slot at once. Pure (no
 * timers). Internal to the engine: one per compression pass bounds its
 * summarizer calls (`summarizerConcurrency`).
 */
export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) active -= 1;
    else next(); // the slot passes to the next task as it is
  };
  return async <T>(task: () => Promise<T>, signal?: AbortSignal) => {
    if (active < limit) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      signal?.throwIfAborted();
      return await task();
    } finally {
      release();
    }
  };
}
