import { isRecord } from '../../vocabulary/util/is-record';
import {
  CONTEXT_RELOAD_ID_PARAMETER,
  CONTEXT_RELOAD_TOOL_NAME,
} from '../reload/context-reload-tool-definition';
import {
  CONTEXT_SEARCH_TOOL_NAME,
  MAX_CONTEXT_SEARCH_LIMIT,
} from './context-search-tool-definition';
import type { ContextSearchHit } from './context-search-hit';

/**
 * The `context_search` tool's answer to the model's arguments: the hits of
 * `search` as numbered text, or a one-line error for arguments it cannot use
 * or a search that throws.
 */
export function answerContextSearch(
  input: unknown,
  search: (query: string, limit: number) => readonly ContextSearchHit[],
  defaultLimit: number,
): string {
  const usage = `Call ${CONTEXT_SEARCH_TOOL_NAME} with {"query": "<words, names or ids>"}.`;
  if (!isRecord(input)) {
    return `Error: the arguments must be an object. ${usage}`;
  }
  const { query, limit } = input;
  if (typeof query !== 'string' || query.trim() === '') {
    return `Error: query is required. ${usage}`;
  }
  let count = defaultLimit;
  if (limit !== undefined && limit !== null) {
    if (
      typeof limit !== 'number' ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > MAX_CONTEXT_SEARCH_LIMIT
    ) {
      return `Error: limit must be a whole number from 1 to ${MAX_CONTEXT_SEARCH_LIMIT}. Omit it for ${defaultLimit}.`;
    }
    count = limit;
  }
  let hits: readonly ContextSearchHit[];
  try {
    hits = search(query, count);
  } catch (error) {
    return `Error searching the conversation: ${error instanceof Error ? error.message : String(error)}`;
  }
  const shownQuery = JSON.stringify(
    query.length > 100 ? `${query.slice(0, 100)}…` : query,
  );
  if (hits.length === 0) {
    return `No earlier message matches ${shownQuery}. Try other words, a name or an id.`;
  }
  const lines = [
    `${hits.length} earlier message${hits.length === 1 ? ' matches' : 's match'} ${shownQuery}, best first:`,
  ];
  hits.forEach((hit, position) => {
    const where = hit.visible
      ? 'still in your context'
      : hit.offloadId !== undefined
        ? `compressed; full text: ${CONTEXT_RELOAD_TOOL_NAME} with ${CONTEXT_RELOAD_ID_PARAMETER} ${JSON.stringify(hit.offloadId)}`
        : 'compressed; no full text to reload';
    lines.push(
      `[${position + 1}] ${hit.role} message${hit.index === undefined ? '' : ` #${hit.index + 1}`} (${where}):\n${hit.snippet}`,
    );
  });
  return lines.join('\n');
}
