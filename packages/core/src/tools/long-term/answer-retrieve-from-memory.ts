import { describeError } from '../../vocabulary/util/describe-error';
import { isRecord } from '../../vocabulary/util/is-record';
import type { LongTermSearchHit } from './long-term-memory-backend';
import {
  MAX_RETRIEVE_KEYWORDS,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
} from './long-term-tool-definitions';
import { renderLongTermHits } from './render-long-term-hits';
import type { LongTermMemorySetup } from './resolve-long-term-memory-options';
import { searchLongTermMemory } from './search-long-term-memory';
import { shortenText } from './shorten-text';

/**
 * The answer to a `retrieve_from_memory` call: the memories that match its
 * keywords, or a one-line error for arguments it cannot use or a failing
 * search (never a rejection).
 */
export async function answerRetrieveFromMemory(
  setup: LongTermMemorySetup,
  input: unknown,
): Promise<string> {
  const usage = `Call ${RETRIEVE_FROM_MEMORY_TOOL_NAME} with {"keywords": ["<keyword>", …]}.`;
  if (!isRecord(input)) {
    return `Error: the arguments must be an object. ${usage}`;
  }
  const { keywords } = input;
  const items = typeof keywords === 'string' ? [keywords] : keywords;
  if (
    !Array.isArray(items) ||
    !items.every((item) => typeof item === 'string')
  ) {
    return `Error: keywords must be an array of strings. ${usage}`;
  }
  const words = items
    .slice(0, MAX_RETRIEVE_KEYWORDS)
    .map((item: string) => item.trim())
    .filter((item) => item !== '');
  if (words.length === 0) return `Error: keywords are empty. ${usage}`;
  let hits: readonly LongTermSearchHit[];
  try {
    hits = await searchLongTermMemory(
      setup,
      words.join(' '),
      setup.retrieveLimit,
    );
  } catch (error) {
    return `Error: long-term memory could not be searched: ${shortenText(describeError(error), 300)}`;
  }
  const text = renderLongTermHits(hits, setup.maxRetrieveChars);
  return text === ''
    ? `No long-term memories match ${shortenText(JSON.stringify(words), 200)}.`
    : text;
}
