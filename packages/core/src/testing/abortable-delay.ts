/**
 * Resolves after `ms` milliseconds of real time (`setTimeout`); rejects with
 * `signal.reason` as soon as `signal` aborts (at once if it already has).
 * Internal to the testing kit.
 */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  // The abort reason is whatever the caller chose; tests compare it by identity.
  /* eslint-disable @typescript-eslint/prefer-promise-reject-errors */
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
/* eslint-enable @typescript-eslint/prefer-promise-reject-errors */
