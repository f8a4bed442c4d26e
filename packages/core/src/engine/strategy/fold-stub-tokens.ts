import type { Message } from '../../vocabulary/message/message';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import type { TokenCounter } from '../../state/token/token-counter';
import { LAST_RESORT_USER_TEXT } from './last-resort-fold';
import { DRAFT_OFFLOAD_ID } from './size-summary-to-room';

/**
 * Tokens of the smallest fold the last resort can write for a run of
 * messages (a compact fold: header and reload tag, a fixed offload id as long
 * as a real one): its assistant stub, plus the user stub that opens it when
 * the message before the run is not a user message. What a run costs at the
 * least once folded; a run smaller than this stays as it is. Pure.
 */
export function countFoldStubTokens(
  counter: TokenCounter,
  needsUser: boolean,
): number {
  const stub: Message = {
    id: 'x',
    role: 'assistant',
    content: [
      {
        type: 'text',
        text: `Folded 100 messages.\n${formatOffloadTag(DRAFT_OFFLOAD_ID)}`,
      },
    ],
  };
  if (!needsUser) return counter.countMessages([stub]);
  const opener: Message = {
    id: 'x',
    role: 'user',
    content: [{ type: 'text', text: LAST_RESORT_USER_TEXT }],
  };
  return counter.countMessages([opener, stub]);
}
