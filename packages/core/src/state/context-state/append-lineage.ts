import type { ContextState } from './context-state';

/** Where a state snapshot sits in a run of appends. */
interface LineageEntry {
  /** Shared by every snapshot of one run of appends; a new one after any other change. */
  readonly token: object;
  readonly originalLength: number;
  readonly workingLength: number;
}

/**
 * Snapshots that the memory built, keyed weakly by the (frozen) state object:
 * a fact about immutable values recorded when they were made, never a cache
 * that could go stale, and gone with its state.
 */
const lineages = new WeakMap<ContextState, LineageEntry>();

/**
 * @internal Records that `state` belongs to the run of appends `token`: every
 * state recorded under one token is the same session's state with messages
 * appended to `working` and `original` (both), nothing else changed except
 * the revision (same offloads and events objects). Only `AppendableState`
 * records, and it starts a new token on any other change.
 */
export function recordAppendLineage(state: ContextState, token: object): void {
  lineages.set(state, {
    token,
    originalLength: state.original.length,
    workingLength: state.working.length,
  });
}

/**
 * @internal How `state` extends `base` when both were recorded in one run of
 * appends (`recordAppendLineage`): the messages appended since, which are
 * the last `appended` messages of both `state.working` and `state.original`.
 * O(1). `undefined` when unknown (not recorded, another run, or `state` is
 * not later than `base`): compare the lists then.
 */
export function findAppendsSince(
  base: ContextState,
  state: ContextState,
): { readonly appended: number } | undefined {
  const before = lineages.get(base);
  const after = lineages.get(state);
  if (
    before === undefined ||
    after === undefined ||
    before.token !== after.token
  ) {
    return undefined;
  }
  const appended = after.originalLength - before.originalLength;
  if (
    appended < 0 ||
    after.workingLength - before.workingLength !== appended ||
    base.offloads !== state.offloads ||
    base.events !== state.events ||
    base.sessionId !== state.sessionId
  ) {
    return undefined;
  }
  return { appended };
}
