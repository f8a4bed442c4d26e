import { isSyntheticMessage } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { assertToolPairing } from './assert-tool-pairing';
import type { ValueProblem } from './find-json-value-problem';
import { jsonPath } from './json-path';

/**
 * Finds the first way a well-formed state (every message valid, ids unique)
 * breaks what every operation of ACM keeps, so that no sequence of them can
 * have produced it (the state was written or edited by something else), with
 * the name of the violation as `checkStateContract` reports it:
 *
 * - the tool pairing of `working` (`assertToolPairing` over it as one batch):
 *   `orphan-tool-result`, `duplicate-tool-result`, `non-adjacent-tool-result`,
 *   `missing-tool-result` (a call answered by no result, outside the
 *   in-flight exchange), `invalid-tool-message` (a tool result outside a tool
 *   message, a tool call outside an assistant message, a tool message holding
 *   other parts or none), `duplicate-tool-call-id`;
 * - `missing-original`: a working message ACM did not write whose id no
 *   original message has.
 *
 * Not reported, because ACM's own operations produce them: a stub whose
 * offload entry is gone (`clearOffload`), an original message no longer
 * reachable (`deleteMessage` hides it from working memory; the original history
 * keeps it), a conversation ending on an assistant message ACM wrote (after
 * deleting the last user message), and pairing inside `original` (a call
 * whose exchange was deleted before its result arrived).
 *
 * Linear in the size of `working` and `original`.
 */
export function findStateConsistencyProblem({
  working,
  original,
}: {
  readonly working: readonly Message[];
  readonly original: readonly Message[];
}): ValueProblem | undefined {
  // 'drop' reports every pairing problem as a repair instead of throwing; only
  // the first (lowest index) is named.
  const { repairs } = assertToolPairing({
    existing: [],
    messages: working,
    mode: 'drop',
  });
  const repair = repairs[0];
  if (repair !== undefined) {
    const call =
      repair.toolCallId === undefined
        ? ''
        : `, tool call ${JSON.stringify(repair.toolCallId)}`;
    return {
      path: jsonPath('$.working', repair.index),
      message: `${repair.kind} (message ${JSON.stringify(repair.messageId)}${call}): working memory keeps every tool call and result paired, adjacently, by id`,
    };
  }
  const originalIds = new Set<string>();
  for (const message of original) originalIds.add(message.id);
  for (let index = 0; index < working.length; index++) {
    const message = working[index]!;
    if (isSyntheticMessage(message) || originalIds.has(message.id)) continue;
    return {
      path: jsonPath(jsonPath('$.working', index), 'id'),
      message: `missing-original (message ${JSON.stringify(message.id)}): a working message ACM did not write has no original message with its id${original.length === 0 ? '; the original history is empty' : ''}`,
    };
  }
  return undefined;
}
