import { raceAbort } from '../../vocabulary/util/race-abort';

/** Runs `task` once a slot is free; see `createConcurrencyLimit`. */
export type ConcurrencyLimit = <T>(
  task: () => Promise<T>,
  signal?: AbortSignal,
) => Promise<T>;

/**
 * A gate that lets at most `limit` tasks run at once; the others wait for a
 * slot in call order. A slot is held only while the task's own promise is
 * pending (a merge that waits for its groups holds none, so nesting cannot
 * deadlock) and its `signal` has not aborted: a running task whose signal
 * aborts rejects at once with the abort reason and gives its slot back. A
 * task that ignores its signal (a hung summarizer) is abandoned, still pending
 * in the background, and no longer starves the requests after it, such as the
 * extractive fallback of a pass that timed out. A task whose `signal` aborted
 * while it waited is not started: it rejects with the abort reason and frees
 * its slot at once. Pure (no timers). Internal to the engine: one per
 * compression pass bounds its summarizer calls (`summarizerConcurrency`).
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
      // Settles at the abort even if the task never does: the slot is freed once.
      return await (signal === undefined ? task() : raceAbort(task(), signal));
    } finally {
      release();
    }
  };
}
