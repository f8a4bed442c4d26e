import type { Message } from '../../vocabulary/message/message';
import { renderMessageForSearch } from '../long-term/render-message-for-search';
import { CONTEXT_RELOAD_TOOL_NAME } from '../reload/context-reload-tool-definition';
import { CONTEXT_SEARCH_TOOL_NAME } from './context-search-tool-definition';

/** ACM's own tools: their calls and results repeat what a search finds (or the query itself). */
const OWN_TOOLS = new Set([CONTEXT_SEARCH_TOOL_NAME, CONTEXT_RELOAD_TOOL_NAME]);

/**
 * The text a message is indexed by: calls of `context_search` and
 * `context_reload` and their results are left out, so a search never returns
 * its own earlier calls or a reload's copy of content it already indexes.
 */
export function searchableText(message: Message): string {
  const content = message.content.filter(
    (part) =>
      (part.type !== 'tool-call' && part.type !== 'tool-result') ||
      !OWN_TOOLS.has(part.toolName),
  );
  return content.length === message.content.length
    ? renderMessageForSearch(message)
    : renderMessageForSearch({ ...message, content });
}
