import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message, Part } from '../../vocabulary/message/message';
import { stripOffloadTags } from './strip-offload-tags';

/**
 * The messages with every `<!-- CONTEXT_OFFLOAD … -->` marker removed from
 * ACM's messages (summaries, stubs), for a consumer that has no
 * `context_reload` tool to follow them (a classic chain's memory). Messages
 * without a marker are returned as they are; the memory keeps the markers.
 */
export function withoutOffloadMarkers(
  messages: readonly Message[],
): readonly Message[] {
  let changed = false;
  const result = messages.map((message) => {
    if (getAcmMarker(message) === undefined) return message;
    let partChanged = false;
    const content = message.content.map((part): Part => {
      if (part.type === 'text') {
        const text = stripOffloadTags(part.text);
        if (text === part.text) return part;
        partChanged = true;
        return { ...part, text };
      }
      if (part.type === 'tool-result' && typeof part.output === 'string') {
        const output = stripOffloadTags(part.output);
        if (output === part.output) return part;
        partChanged = true;
        return { ...part, output };
      }
      return part;
    });
    if (!partChanged) return message;
    changed = true;
    return { ...message, content };
  });
  return changed ? result : messages;
}
