/**
 * Settles like `promise`, or rejects with `signal.reason` as soon as `signal`
 * aborts, whichever comes first: a summarizer that ignores its signal cannot
 * hang the pass. A rejection of the losing `promise` is observed (never
 * unhandled). Internal to the engine.
 */
export function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  if (signal.aborted) {
    promise.catch(ignore);
    return Promise.reject(toError(signal.reason));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(ignore);
      reject(toError(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(toError(error));
      },
    );
  });
}

function ignore(): void {}

function toError(reason: unknown): Error {
  return reason instanceof Error
    ? reason
    : new Error(String(reason), { cause: reason });
}
