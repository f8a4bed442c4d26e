import type { Message } from '../../vocabulary/message/message';

/**
 * What a memory knows about an offload id:
 * - `found`: the messages stored behind it (possibly none, for an entry made
 *   with `offload([])`);
 * - `cleared`: it existed and was removed by `clear()` or `clearOffload(id)`
 *   (remembered while the memory lives, and told by a stub in the working
 *   messages that still names it);
 * - `not-found`: it was never seen here.
 */
export type OffloadLookup =
  | { readonly status: 'found'; readonly messages: readonly Message[] }
  | { readonly status: 'cleared' }
  | { readonly status: 'not-found' };
