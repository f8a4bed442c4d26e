import type { Message, Part } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import { createPreview } from '../../summary/text/create-preview';
import {
  CLEAR_MIN_CHARS,
  CLEAR_MIN_TEXT_CHARS,
  CLEAR_PREVIEW_CHARS,
} from './tuning';

/**
 * The messages of one tool exchange (`span`: the call message and its
 * results) as `clearToolUses` clears them: every piece longer than
 * `CLEAR_MIN_CHARS` becomes a head-and-tail preview plus a note and `tag`
 * (the call message's text only above `CLEAR_MIN_TEXT_CHARS`), reasoning
 * parts are dropped, ids, call ids, tool names and `isError` stay. A message
 * with nothing to clear is returned as it is (the same object). Pure.
 */
export function clearExchange(
  span: readonly Message[],
  tag: string,
): Message[] {
  const tags = exchangeTags(span, tag);
  return span.map((message, index) => clearMessage(message, tags[index]!));
}

/**
 * The tag each message of an exchange carries when cleared: one tag per
 * exchange is enough for the model to find the originals. The cleared tool
 * results carry it; the call message carries it only when no result is
 * cleared (its pieces then say `[N characters cleared]` and the tag).
 */
function exchangeTags(span: readonly Message[], tag: string): string[] {
  const resultCleared = span.some(
    (message) =>
      message.role === 'tool' &&
      message.content.some(
        (part) =>
          part.type === 'tool-result' &&
          stringifyToolOutput(part.output).length > CLEAR_MIN_CHARS,
      ),
  );
  return span.map((message) =>
    message.role === 'tool' || !resultCleared ? tag : '',
  );
}

/**
 * `message` with its large pieces cleared to preview + `tag`, or `message`
 * itself when nothing is large. Cleared tool-call inputs carry no tag
 * themselves: the tag goes into the message's text (appended to the last
 * text part, or as a text part before the first tool call), where readers of
 * text and tool results find it.
 */
function clearMessage(message: Message, tag: string): Message {
  let changed = false;
  let tagged = false;
  let inputCleared = false;
  const content: Part[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'reasoning':
        changed = true;
        break;
      case 'text': {
        const text =
          part.text.length > CLEAR_MIN_TEXT_CHARS
            ? clearText(part.text, tag)
            : part.text;
        if (text !== part.text) {
          changed = true;
          tagged = tag !== '';
          content.push({ ...part, text });
        } else content.push(part);
        break;
      }
      case 'tool-result': {
        const output = stringifyToolOutput(part.output);
        const cleared = clearText(output, tag);
        if (cleared === output) content.push(part);
        else {
          changed = true;
          tagged = true;
          content.push({ ...part, output: cleared });
        }
        break;
      }
      case 'tool-call': {
        const input = clearInput(part.input, '');
        if (input !== part.input) {
          changed = true;
          inputCleared = true;
          content.push({ ...part, input });
        } else content.push(part);
        break;
      }
      case 'file':
        content.push(part);
        break;
    }
  }
  if (!changed) return message;
  if (inputCleared && !tagged && tag !== '') {
    let lastText = content.length - 1;
    while (lastText >= 0 && content[lastText]!.type !== 'text') lastText--;
    if (lastText >= 0) {
      const part = content[lastText] as { type: 'text'; text: string };
      content[lastText] = { ...part, text: `${part.text}\n${tag}` };
    } else {
      const firstCall = content.findIndex((part) => part.type === 'tool-call');
      content.splice(Math.max(0, firstCall), 0, { type: 'text', text: tag });
    }
  }
  if (content.length === 0)
    content.push({ type: 'text', text: tag === '' ? '[cleared]' : tag });
  return { ...message, content };
}

function clearText(text: string, tag: string): string {
  if (text.length <= CLEAR_MIN_CHARS) return text;
  const note = `[${text.length} characters cleared]`;
  return `${createPreview(text, CLEAR_PREVIEW_CHARS)}\n${tag === '' ? note : `${note} ${tag}`}`;
}

/** A tool-call input with its long string values cleared; the same object when none is long. */
function clearInput(input: unknown, tag: string): unknown {
  if (typeof input === 'string') return clearText(input, tag);
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    const text = JSON.stringify(input) ?? '';
    return text.length <= CLEAR_MIN_CHARS ? input : clearText(text, tag);
  }
  let changed = false;
  const cleared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string') {
      const text = clearText(value, tag);
      changed ||= text !== value;
      cleared[key] = text;
    } else {
      const text = JSON.stringify(value) ?? '';
      if (text.length > CLEAR_MIN_CHARS) {
        changed = true;
        cleared[key] = clearText(text, tag);
      } else cleared[key] = value;
    }
  }
  return changed ? cleared : input;
}
