import { describeError } from '../../vocabulary/util/describe-error';
import { isRecord } from '../../vocabulary/util/is-record';
import { LONG_TERM_LIMITS } from './long-term-limits';
import {
  MAX_RECORD_TO_MEMORY_ITEMS,
  RECORD_TO_MEMORY_TOOL_NAME,
} from './long-term-tool-definitions';
import type { LongTermMemorySetup } from './resolve-long-term-memory-options';
import { shortenText } from './shorten-text';
import { storeLongTermEntries } from './store-long-term-entries';

/**
 * The answer to a `record_to_memory` call: the facts stored, or a one-line
 * error for arguments it cannot use or a failing store (never a rejection).
 */
export async function answerRecordToMemory(
  setup: LongTermMemorySetup,
  input: unknown,
): Promise<string> {
  const usage = `Call ${RECORD_TO_MEMORY_TOOL_NAME} with {"thinking": "<why>", "content": ["<fact>", …]}.`;
  if (!isRecord(input)) {
    return `Error: the arguments must be an object. ${usage}`;
  }
  const { thinking, content } = input;
  const items = typeof content === 'string' ? [content] : content;
  if (
    !Array.isArray(items) ||
    !items.every((item) => typeof item === 'string')
  ) {
    return `Error: content must be an array of strings. ${usage}`;
  }
  const facts = items
    .map((item: string) => item.trim())
    .filter((item) => item !== '');
  if (facts.length === 0) {
    return `Error: content holds no text to remember. ${usage}`;
  }
  if (facts.length > MAX_RECORD_TO_MEMORY_ITEMS) {
    return `Error: at most ${MAX_RECORD_TO_MEMORY_ITEMS} items per call (got ${facts.length}).`;
  }
  const tooLong = facts.findIndex(
    (fact) => fact.length > LONG_TERM_LIMITS.maxTextChars,
  );
  if (tooLong >= 0) {
    return `Error: content[${tooLong}] is longer than ${LONG_TERM_LIMITS.maxTextChars} characters; record shorter facts.`;
  }
  const why =
    typeof thinking === 'string' && thinking.trim() !== ''
      ? {
          thinking: shortenText(
            thinking.trim(),
            LONG_TERM_LIMITS.maxMetadataChars,
          ),
        }
      : undefined;
  try {
    await storeLongTermEntries(
      setup,
      facts.map((text) => ({
        text,
        source: 'agent' as const,
        ...(why !== undefined ? { metadata: why } : {}),
      })),
    );
  } catch (error) {
    return `Error: nothing was recorded to long-term memory: ${shortenText(describeError(error), 300)}`;
  }
  return `Recorded ${facts.length} ${facts.length === 1 ? 'memory' : 'memories'} to long-term memory.`;
}
