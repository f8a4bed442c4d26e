/** A signal that aborts when any of its sources does, and a way to detach from them. */
export interface CombinedSignal {
  readonly signal: AbortSignal;
  /** Removes the listeners this combination added to its sources. Idempotent. */
  readonly dispose: () => void;
}

/**
 * Combines abort signals: the result aborts with the reason of the first source
 * that aborts (at once if one already has). Unlike `AbortSignal.any`, the
 * listeners are removed by `dispose`, so a long-lived caller signal does not
 * collect one listener per pass. Internal to the engine.
 */
export function combineSignals(
  sources: readonly (AbortSignal | undefined)[],
): CombinedSignal {
  const controller = new AbortController();
  const attached: { source: AbortSignal; listener: () => void }[] = [];
  const dispose = () => {
    for (const { source, listener } of attached) {
      source.removeEventListener('abort', listener);
    }
    attached.length = 0;
  };
  for (const source of sources) {
    if (source === undefined) continue;
    if (source.aborted) {
      dispose();
      controller.abort(source.reason);
      return { signal: controller.signal, dispose };
    }
    const listener = () => {
      dispose();
      controller.abort(source.reason);
    };
    source.addEventListener('abort', listener, { once: true });
    attached.push({ source, listener });
  }
  return { signal: controller.signal, dispose };
}
