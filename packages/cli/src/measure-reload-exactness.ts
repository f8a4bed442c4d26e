import {
  createContextReloadHandler,
  findOffloadIds,
  getAcmMarker,
} from '@acm/core';
import { renderOffloadedMessages } from '@acm/core/adapter';
import type { ContextState, Message, OffloadLookup } from '@acm/core';
import { getVisibleText } from './get-visible-text';

/** Reload exactness of one final state. */
export interface ReloadExactness {
  /** Offload ids reachable from the working messages (stubs and markers, recursively). */
  readonly reachable: number;
  /** Of those, the ones whose reload gives the original messages byte-exact. */
  readonly exact: number;
  /** Why the others are not exact (at most 20). */
  readonly failures: readonly string[];
}

export interface MeasureReloadExactnessOptions {
  /** The state to check (its `original` is the reference). */
  readonly state: ContextState;
  /**
   * Looks an offload id up, as the `context_reload` tool does.
   * @default a lookup in `state.offloads`
   */
  readonly lookupOffload?: (offloadId: string) => OffloadLookup;
}

/**
 * Whether every offload id reachable from the working messages brings back
 * the original messages byte-exact: the reload handler's reply must end with
 * the rendering of the originals (by message id from `state.original`;
 * messages ACM wrote, such as an older summary inside a rollup, stand for
 * themselves) and the entry's messages must deep-equal them.
 */
export async function measureReloadExactness({
  state,
  lookupOffload = (offloadId) => {
    const messages = Object.hasOwn(state.offloads, offloadId)
      ? state.offloads[offloadId]
      : undefined;
    return messages === undefined
      ? { status: 'not-found' }
      : { status: 'found', messages };
  },
}: MeasureReloadExactnessOptions): Promise<ReloadExactness> {
  const originalById = new Map<string, Message>();
  for (const message of state.original) originalById.set(message.id, message);
  const handler = createContextReloadHandler({
    reload: lookupOffload,
    sessionId: state.sessionId,
    maxChars: Number.MAX_SAFE_INTEGER,
  });

  const seen = new Set<string>();
  const pending: string[] = [];
  const visit = (message: Message) => {
    const marked = getAcmMarker(message)?.offloadId;
    const ids =
      marked === undefined
        ? findOffloadIds(getVisibleText(message))
        : [marked, ...findOffloadIds(getVisibleText(message))];
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(id);
    }
  };
  state.working.forEach(visit);

  let exact = 0;
  const failures: string[] = [];
  const fail = (reason: string) => {
    if (failures.length < 20) failures.push(reason);
  };
  while (pending.length > 0) {
    const offloadId = pending.shift()!;
    const lookup = lookupOffload(offloadId);
    if (lookup.status !== 'found') {
      fail(`${offloadId}: ${lookup.status}`);
      continue;
    }
    lookup.messages.forEach(visit);
    const expected: Message[] = [];
    let problem: string | undefined;
    for (const message of lookup.messages) {
      const original = originalById.get(message.id);
      if (original === undefined) {
        if (getAcmMarker(message) === undefined) {
          problem = `message ${message.id} is neither an original nor written by ACM`;
        }
        expected.push(message);
      } else {
        if (JSON.stringify(original) !== JSON.stringify(message)) {
          problem = `message ${message.id} differs from the original`;
        }
        expected.push(original);
      }
    }
    const reply = await handler({ working_context_offload_uuid: offloadId });
    if (
      problem === undefined &&
      !reply.endsWith(`\n\n${renderOffloadedMessages(expected)}`)
    ) {
      problem = 'the context_reload reply differs from the originals';
    }
    if (problem === undefined) exact += 1;
    else fail(`${offloadId}: ${problem}`);
  }
  return { reachable: seen.size, exact, failures };
}
