import type { Message, ToolResultPart } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import type { OpenAIChatMessage } from './openai-chat-message';
import type {
  OpenAIContentForm,
  OpenAIContentPartMetadata,
  OpenAIMessageMetadata,
} from './openai-message-metadata';
import { fail, finish, noFields, textPart } from './openai-writing';
import type { Output } from './openai-writing';

/**
 * A tool message as OpenAI tool messages, one per tool-result part (the
 * recorded metadata applies only when there is one).
 */
export function writeOpenAIToolMessages(
  message: Message,
  index: number,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
): OpenAIChatMessage[] {
  const output: OpenAIChatMessage[] = [];
  const results: ToolResultPart[] = [];
  for (const part of message.content) {
    if (part.type !== 'tool-result') {
      throw fail(index, `a tool message cannot carry a ${part.type} part`);
    }
    results.push(part);
  }
  if (results.length === 0)
    throw fail(index, 'a tool message needs a tool-result part');
  // Metadata describes one OpenAI tool message: it applies to a single result only.
  const entry = results.length === 1 ? metadata : undefined;
  for (const result of results) {
    const target: Output = { role: 'tool', tool_call_id: result.toolCallId };
    const text = stringifyToolOutput(result.output);
    let form: OpenAIContentForm = entry?.content ?? 'string';
    if ((form === 'null' || form === 'missing') && (text !== '' || !lossless))
      form = 'string';
    switch (form) {
      case 'missing':
        break;
      case 'null':
        target.content = null;
        break;
      case 'string':
        target.content = text;
        break;
      case 'parts':
        target.content = splitToolText(text, entry?.parts, lossless);
        break;
    }
    if (lossless) {
      if (entry?.toolName !== 'from-call') target.name = result.toolName;
      if (result.isError !== undefined) target.is_error = result.isError;
      if (entry?.role === 'function') {
        // The legacy shape it was read from: no call id.
        target.role = 'function';
        delete target.tool_call_id;
      }
    }
    output.push(finish(target, message, entry, lossless, noFields));
  }
  return output;
}

function splitToolText(
  text: string,
  entries: readonly (OpenAIContentPartMetadata | null)[] | undefined,
  lossless: boolean,
): Output[] {
  if (entries !== undefined && entries.length !== 1) {
    let total = 0;
    for (const entry of entries) total += entry?.length ?? Number.NaN;
    if (total === text.length) {
      const parts: Output[] = [];
      let start = 0;
      for (const entry of entries) {
        const end = start + entry!.length!;
        parts.push(textPart(text.slice(start, end), entry, lossless));
        start = end;
      }
      return parts;
    }
  }
  return [textPart(text, entries?.[0], lossless)];
}
