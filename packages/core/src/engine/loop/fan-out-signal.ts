/** One signal per consumer, all aborted by one listener on their source. */
export interface FannedOutSignals {
  readonly signals: readonly AbortSignal[];
  /** Removes the listener from the source. Idempotent. */
  readonly dispose: () => void;
}

/**
 * Gives each of `count` consumers its own signal that aborts (with the
 * source's reason) when `source` does, through a single listener on `source`:
 * a pass with many parallel summaries does not pile listeners onto one signal
 * (Node warns past 10). Without a source, the signals never abort. Internal to
 * the engine.
 */
export function fanOutSignal(
  source: AbortSignal | undefined,
  count: number,
): FannedOutSignals {
  const controllers = Array.from(
    { length: count },
    () => new AbortController(),
  );
  const signals = controllers.map((controller) => controller.signal);
  if (source === undefined) return { signals, dispose: () => {} };
  const abortAll = () => {
    for (const controller of controllers) controller.abort(source.reason);
  };
  if (source.aborted) {
    abortAll();
    return { signals, dispose: () => {} };
  }
  source.addEventListener('abort', abortAll, { once: true });
  return {
    signals,
    dispose: () => source.removeEventListener('abort', abortAll),
  };
}
