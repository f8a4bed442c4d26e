import { isSyntheticMessage } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../context-state/context-state';
import { checkContract } from './check-contract';
import type { ContractViolation } from '../../vocabulary/error/contract-violation';
import { isSameValue } from '../../vocabulary/util/is-same-value';

export interface CheckStateContractOptions {
  /** The state after the operation being checked. */
  after: ContextState;
  /**
   * The state before it. When given, the check also requires that
   * `before.original` is a prefix of `after.original`, that everything
   * reachable in `before` is still reachable, and that the in-flight exchange of
   * `before.working` is untouched.
   * @default undefined
   */
  before?: ContextState;
}

/** The offload id a stub stands in for: `metadata.acm.offloadId`. */
function getOffloadId(message: Message): string | undefined {
  const marker = message.metadata?.acm;
  if (marker === null || typeof marker !== 'object') return undefined;
  const offloadId = (marker as { offloadId?: unknown }).offloadId;
  return typeof offloadId === 'string' ? offloadId : undefined;
}

interface Reachability {
  /** Working messages, then every message of every reachable offload entry. */
  readonly messages: readonly Message[];
  readonly dangling: readonly ContractViolation[];
}

/**
 * Everything reachable from working memory: the working messages, and the
 * messages of each offload entry named by a stub, following stubs inside entries
 * too (each entry visited once, so cycles end).
 */
function collectReachable(state: ContextState): Reachability {
  const messages: Message[] = [...state.working];
  const dangling: ContractViolation[] = [];
  const visited = new Set<string>();
  for (let rootIndex = 0; rootIndex < state.working.length; rootIndex++) {
    const root = state.working[rootIndex]!;
    const pending: { offloadId: string; holder: string }[] = [];
    const rootOffloadId = getOffloadId(root);
    if (rootOffloadId !== undefined) {
      pending.push({ offloadId: rootOffloadId, holder: 'it' });
    }
    while (pending.length > 0) {
      const { offloadId, holder } = pending.pop()!;
      if (visited.has(offloadId)) continue;
      visited.add(offloadId);
      const entry = Object.hasOwn(state.offloads, offloadId)
        ? state.offloads[offloadId]
        : undefined;
      if (entry === undefined) {
        dangling.push({
          kind: 'dangling-offload-reference',
          index: rootIndex,
          messageId: root.id,
          detail:
            holder === 'it'
              ? `stub ${JSON.stringify(root.id)} names offload ${JSON.stringify(offloadId)}, which does not exist`
              : `${holder}, reached from stub ${JSON.stringify(root.id)}, names offload ${JSON.stringify(offloadId)}, which does not exist`,
        });
        continue;
      }
      for (const message of entry) {
        messages.push(message);
        const nested = getOffloadId(message);
        if (nested !== undefined) {
          pending.push({
            offloadId: nested,
            holder: `stub ${JSON.stringify(message.id)} in offload ${JSON.stringify(offloadId)}`,
          });
        }
      }
    }
  }
  return { messages, dangling };
}

/**
 * Checks a state against the ACM contract (DESIGN §5) and returns every
 * violation (empty array = valid):
 *
 * - the message contract of `checkContract` on `after.working` (with the
 *   in-flight exchange of `before.working` when `before` is given);
 * - `original-changed`: `before.original` is a prefix of `after.original`,
 *   message by message deep-equal;
 * - `message-lost` (losslessness): every required message is reachable in
 *   `after`, byte-exact (canonical-JSON equal): in `after.working`, or inside an
 *   offload entry named by a stub (`metadata.acm.offloadId`) of working memory,
 *   or by a stub inside such an entry, recursively. Required are all of
 *   `after.original`, or, with `before`, every original message (by id) reachable
 *   in `before` plus the messages appended to `original` since (so a message
 *   already deleted from working memory before is not reported again; ACM's
 *   own stubs and summaries are not owed: a flat fold replaces them);
 * - `dangling-offload-reference`: a reachable stub names no offload entry
 *   (reported at the working stub it was reached from);
 * - `missing-original`: a working message ACM did not write has no original
 *   message with its id (e.g. the original history was emptied).
 *
 * Linear in the size of the state (messages identical by reference compare in
 * constant time).
 */
export function checkStateContract({
  after,
  before,
}: CheckStateContractOptions): ContractViolation[] {
  const violations: ContractViolation[] = checkContract(
    after.working,
    before === undefined ? {} : { previous: before.working },
  );

  if (before !== undefined) {
    for (let index = 0; index < before.original.length; index++) {
      const expected = before.original[index]!;
      const found = after.original[index];
      if (found !== undefined && isSameValue(expected, found)) continue;
      violations.push({
        kind: 'original-changed',
        index,
        messageId: expected.id,
        detail:
          found === undefined
            ? `original message ${JSON.stringify(expected.id)} is gone`
            : `original message ${JSON.stringify(expected.id)} was changed or replaced`,
      });
    }
  }

  const reachable = collectReachable(after);
  violations.push(...reachable.dangling);

  const originalIds = new Set(after.original.map((message) => message.id));
  // Ids already reported as a changed original are not reported again.
  for (const violation of violations) {
    if (
      violation.kind === 'original-changed' &&
      violation.messageId !== undefined
    )
      originalIds.add(violation.messageId);
  }
  after.working.forEach((message, index) => {
    if (isSyntheticMessage(message) || originalIds.has(message.id)) return;
    violations.push({
      kind: 'missing-original',
      index,
      messageId: message.id,
      detail:
        after.original.length === 0
          ? `working message ${JSON.stringify(message.id)} has no original: the original history is empty`
          : `working message ${JSON.stringify(message.id)} has no original message with its id`,
    });
  });

  const candidatesById = new Map<string, Message[]>();
  for (const message of reachable.messages) {
    const candidates = candidatesById.get(message.id);
    if (candidates === undefined) candidatesById.set(message.id, [message]);
    else candidates.push(message);
  }
  const originalIndexById = new Map<string, number>();
  after.original.forEach((message, index) => {
    if (!originalIndexById.has(message.id)) {
      originalIndexById.set(message.id, index);
    }
  });

  const required =
    before === undefined
      ? after.original
      : [
          // Only original messages are owed: ACM's own stubs and summaries may
          // be replaced by a flat fold that holds the originals directly.
          ...collectReachable(before).messages.filter((message) =>
            originalIndexById.has(message.id),
          ),
          ...after.original.slice(before.original.length),
        ];
  const reported = new Set<string>();
  for (const message of required) {
    if (reported.has(message.id)) continue;
    const candidates = candidatesById.get(message.id) ?? [];
    if (candidates.some((candidate) => isSameValue(candidate, message))) {
      continue;
    }
    reported.add(message.id);
    const originalIndex = originalIndexById.get(message.id) ?? -1;
    violations.push({
      kind: 'message-lost',
      index: originalIndex,
      messageId: message.id,
      detail:
        candidates.length === 0
          ? `message ${JSON.stringify(message.id)} is neither in working memory nor behind a reachable offload`
          : `message ${JSON.stringify(message.id)} is reachable only in a changed form`,
    });
  }
  return violations;
}
