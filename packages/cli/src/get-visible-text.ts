import { stringifyToolOutput } from '@acm/core';
import type { Message } from '@acm/core';

const cache = new WeakMap<Message, string>();

/**
 * Everything of a message a model reads as text: text and reasoning parts,
 * each tool call's name and JSON input, each tool result's output, file
 * names. Parts are joined by newlines. Cached per message object (messages
 * are immutable).
 */
export function getVisibleText(message: Message): string {
  const cached = cache.get(message);
  if (cached !== undefined) return cached;
  const pieces: string[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        pieces.push(part.text);
        break;
      case 'tool-call':
        pieces.push(
          `${part.toolName} ${typeof part.input === 'string' ? part.input : (JSON.stringify(part.input) ?? '')}`,
        );
        break;
      case 'tool-result':
        pieces.push(stringifyToolOutput(part.output));
        break;
      case 'file':
        pieces.push(part.filename ?? part.mediaType);
        break;
    }
  }
  const text = pieces.join('\n');
  cache.set(message, text);
  return text;
}
