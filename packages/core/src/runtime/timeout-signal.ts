/**
 * The key under which a timeout signal carries the function that clears its
 * timer. The engine calls it (through {@link releaseTimeoutSignal}) as soon as
 * the summaries of a pass have settled. `Symbol.for`, so it works across
 * duplicated copies of `@acm/core`.
 */
export const TIMEOUT_SIGNAL_CLEAR: unique symbol = Symbol.for(
  'acm.timeoutSignal.clear',
);

/** An `AbortSignal` that may carry a clear function under {@link TIMEOUT_SIGNAL_CLEAR}. */
type ClearableSignal = AbortSignal & {
  [TIMEOUT_SIGNAL_CLEAR]?: unknown;
};

/**
 * An `AbortSignal` that aborts after `ms` milliseconds of real time, with a
 * `TimeoutError` `DOMException` as its reason. The default `timeoutSignal` of
 * `runCompression` and `AutoContextMemory`; tests inject their own.
 *
 * Unlike `AbortSignal.timeout`, whose timer does not keep Node alive (a
 * summarizer waiting on an in-process queue, a mock or a worker message would
 * let Node exit with code 13 in the middle of `compressIfNeeded`), the timer
 * here is a plain `setTimeout`: it keeps the process alive while a pass is
 * pending, so the timeout always fires. The engine clears it when the pass's
 * summaries settle, so it never holds the process open afterwards.
 */
export const timeoutSignal = (ms: number): AbortSignal => {
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new DOMException(
        `The operation timed out after ${ms} ms.`,
        'TimeoutError',
      ),
    );
  }, ms);
  const signal = controller.signal as ClearableSignal;
  Object.defineProperty(signal, TIMEOUT_SIGNAL_CLEAR, {
    value: () => clearTimeout(timer),
    enumerable: false,
  });
  return signal;
};

/**
 * Clears the timer behind a signal made by {@link timeoutSignal} (or any
 * signal that carries a clear function under {@link TIMEOUT_SIGNAL_CLEAR});
 * does nothing for other signals. Idempotent. Pure: it only calls the function
 * the signal carries.
 */
export function releaseTimeoutSignal(signal: AbortSignal | undefined): void {
  if (signal === undefined) return;
  const clear = (signal as ClearableSignal)[TIMEOUT_SIGNAL_CLEAR];
  if (typeof clear === 'function') (clear as () => void)();
}
