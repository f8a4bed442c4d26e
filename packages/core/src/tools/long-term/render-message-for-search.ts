import type { Message } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';

/**
 * A message as searchable text: its text parts, each tool call as
 * `toolName {input JSON}` and each tool result as `toolName: output`
 * (reasoning and files are left out). The same text is what long-term
 * memory records and what `context_search` indexes.
 */
export function renderMessageForSearch(message: Message): string {
  const pieces: string[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        if (part.text.trim() !== '') pieces.push(part.text);
        break;
      case 'tool-call':
        pieces.push(`${part.toolName} ${stringifyToolOutput(part.input)}`);
        break;
      case 'tool-result':
        pieces.push(`${part.toolName}: ${stringifyToolOutput(part.output)}`);
        break;
      case 'reasoning':
      case 'file':
        break;
    }
  }
  return pieces.join('\n');
}
