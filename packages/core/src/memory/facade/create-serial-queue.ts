/** Runs tasks one at a time, in call order. */
export type SerialQueue = <T>(task: () => T | PromiseLike<T>) => Promise<T>;

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * A promise queue: each task starts after every earlier task has settled
 * (fulfilled or rejected; a failed task does not block the queue).
 *
 * When nothing is pending, a task runs at once, inside the call: a synchronous
 * task has then finished when the call returns (its promise is already
 * settled). This keeps call order, since no earlier task is unfinished, and
 * lets `memory.addMessage(message); memory.getMessages()` see the message
 * when no compression is running. Code that may overlap a compression must
 * await.
 */
export function createSerialQueue(): SerialQueue {
  let pending = 0;
  let tail: Promise<void> = Promise.resolve();

  function track<T>(promise: Promise<T>): Promise<T> {
    pending++;
    const release = () => {
      pending--;
    };
    tail = promise.then(release, release);
    return promise;
  }

  return <T>(task: () => T | PromiseLike<T>): Promise<T> => {
    if (pending > 0) return track(tail.then(task));
    let value: T | PromiseLike<T>;
    try {
      value = task();
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the task's own error, as thrown
      return Promise.reject(error);
    }
    return isPromiseLike(value)
      ? track(Promise.resolve(value))
      : Promise.resolve(value);
  };
}
