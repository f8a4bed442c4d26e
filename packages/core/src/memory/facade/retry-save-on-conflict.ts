import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { StoreConflictError } from '../../vocabulary/error/store-conflict-error';
import type {
  SaveWithRetryOptions,
  SaveWithRetryResult,
} from './auto-context-memory-options';

/**
 * The loop of `saveWithRetry`: `save()` up to `maxAttempts` times; after each
 * `StoreConflictError` but the last, `reloadAndReapply(conflict)` then
 * `beforeRetry`, in that order.
 * @throws (rejects) InvalidArgumentError for an invalid `maxAttempts`; the
 * last conflict; any other error of `save` or `reloadAndReapply` as it is.
 */
export async function retrySaveOnConflict(
  { maxAttempts = 10, beforeRetry }: SaveWithRetryOptions,
  {
    save,
    reloadAndReapply,
  }: {
    /** One save (`AutoContextMemory.save`). */
    readonly save: () => Promise<boolean>;
    /** Loads the stored state and applies the unsaved messages again, in the queue. */
    readonly reloadAndReapply: (conflict: unknown) => Promise<void>;
  },
): Promise<SaveWithRetryResult> {
  if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1) {
    throw new InvalidArgumentError({
      parameter: 'maxAttempts',
      value: maxAttempts,
      message: 'expected an integer ≥ 1',
    });
  }
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { saved: await save(), conflicts: attempt - 1 };
    } catch (error) {
      if (!StoreConflictError.isInstance(error) || attempt >= maxAttempts) {
        throw error;
      }
      await reloadAndReapply(error);
      await beforeRetry?.({ attempt: attempt + 1 });
    }
  }
}
