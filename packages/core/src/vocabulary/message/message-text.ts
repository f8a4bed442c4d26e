import type { Message, Part } from './message';

/** The top-level text of a message: its text parts joined with a newline. */
export function getMessageText(message: Message): string {
  let text = '';
  let first = true;
  for (const part of message.content) {
    if (part.type !== 'text') continue;
    text = first ? part.text : `${text}\n${part.text}`;
    first = false;
  }
  return text;
}

/** A tool result's output rendered as text (strings as they are, other values as JSON). */
export function stringifyToolOutput(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output === undefined) return '';
  try {
    return JSON.stringify(output) ?? '';
  } catch {
    return '[unserializable output]';
  }
}

/** Characters a part contributes to a message's size, as the large-payload checks measure it. */
export function getPartCharCount(part: Part): number {
  switch (part.type) {
    case 'text':
    case 'reasoning':
      return part.text.length;
    case 'tool-call':
      return (
        part.toolName.length +
        part.toolCallId.length +
        stringifyToolOutput(part.input).length
      );
    case 'tool-result':
      return (
        part.toolName.length +
        part.toolCallId.length +
        stringifyToolOutput(part.output).length
      );
    case 'file':
      return 0;
  }
}

/** Characters of a message as the large-payload checks measure it (files count 0). */
export function getMessageCharCount(message: Message): number {
  let count = 0;
  for (const part of message.content) count += getPartCharCount(part);
  return count;
}

/** Tool-call parts of a message. */
export function getToolCalls(message: Message) {
  return message.content.filter((part) => part.type === 'tool-call');
}

/** Tool-result parts of a message. */
export function getToolResults(message: Message) {
  return message.content.filter((part) => part.type === 'tool-result');
}

/** Whether the message is an assistant message that calls tools. */
export function hasToolCalls(message: Message): boolean {
  return (
    message.role === 'assistant' &&
    message.content.some((part) => part.type === 'tool-call')
  );
}

/** Whether the message carries tool results. */
export function hasToolResults(message: Message): boolean {
  return message.content.some((part) => part.type === 'tool-result');
}
