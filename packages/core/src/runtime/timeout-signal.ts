/**
 * An `AbortSignal` that aborts after `ms` milliseconds of real time, with a
 * `TimeoutError` `DOMException` as its reason. The default `timeoutSignal` of
 * `runCompression`; tests inject their own.
 */
export const timeoutSignal = (ms: number): AbortSignal =>
  AbortSignal.timeout(ms);
