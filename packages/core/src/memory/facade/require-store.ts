import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { SessionStore } from '../store/session-store';

/**
 * The memory's store.
 * @throws InvalidArgumentError when the memory has none.
 */
export function requireStore(store: SessionStore | undefined): SessionStore {
  if (store === undefined) {
    throw new InvalidArgumentError({
      parameter: 'store',
      value: undefined,
      message:
        'this memory has no store: pass `store` to createAutoContextMemory, or use saveState() / loadState()',
    });
  }
  return store;
}
