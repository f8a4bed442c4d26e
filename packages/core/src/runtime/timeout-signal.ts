import {
  TIMEOUT_SIGNAL_CLEAR,
  type ClearableSignal,
} from '../engine/loop/release-timeout-signal';

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
