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
export type ClearableSignal = AbortSignal & {
  [TIMEOUT_SIGNAL_CLEAR]?: unknown;
};

/**
 * Clears the timer behind a signal made by the runtime's `timeoutSignal` (or any
 * signal that carries a clear function under {@link TIMEOUT_SIGNAL_CLEAR});
 * does nothing for other signals. Idempotent. Pure: it only calls the function
 * the signal carries.
 */
export function releaseTimeoutSignal(signal: AbortSignal | undefined): void {
  if (signal === undefined) return;
  const clear = (signal as ClearableSignal)[TIMEOUT_SIGNAL_CLEAR];
  if (typeof clear === 'function') (clear as () => void)();
}
