import type { Message, Part } from '../vocabulary/message/message';
import { isRecord } from '../vocabulary/util/is-record';
import { stringifyToolArguments } from './format-reading';

/** An OpenAI Responses input item, as `toOpenAIResponsesItems` writes it. */
export type OpenAIResponsesItem = Readonly<Record<string, unknown>> & {
  readonly type?: string;
};

/**
 * Converts core messages into OpenAI Responses input items (the inverse of
 * `fromOpenAIResponsesItems`), in the shape the AI SDK's OpenAI provider
 * sends: `{ role, content: [...] }` messages (`input_text` for system and
 * user text, `output_text` for assistant text), a `reasoning` item per
 * reasoning part, a `function_call` per tool call (arguments as JSON text)
 * and a `function_call_output` per tool result.
 */
export function toOpenAIResponsesItems(
  messages: readonly Message[],
): OpenAIResponsesItem[] {
  const items: OpenAIResponsesItem[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        items.push({
          type: 'function_call_output',
          call_id: part.toolCallId,
          output: part.output,
        });
      }
      continue;
    }
    if (message.role !== 'assistant') {
      items.push({
        role: message.role,
        content: message.content.map((part) => toInputPart(part)),
      });
      continue;
    }
    let text: OpenAIResponsesItem[] | undefined;
    for (const part of message.content) {
      switch (part.type) {
        case 'reasoning': {
          const openai = isRecord(part.providerMetadata)
            ? part.providerMetadata.openai
            : undefined;
          items.push({
            type: 'reasoning',
            ...(isRecord(openai) && typeof openai.itemId === 'string'
              ? { id: openai.itemId }
              : {}),
            summary:
              part.text === ''
                ? []
                : [{ type: 'summary_text', text: part.text }],
            ...(isRecord(openai) && typeof openai.encryptedContent === 'string'
              ? { encrypted_content: openai.encryptedContent }
              : {}),
          });
          break;
        }
        case 'tool-call':
          items.push({
            type: 'function_call',
            call_id: part.toolCallId,
            name: part.toolName,
            arguments: stringifyToolArguments(part.input),
          });
          break;
        case 'text':
        case 'file':
        case 'tool-result': {
          if (text === undefined) {
            text = [];
            items.push({ role: 'assistant', content: text });
          }
          text.push(
            part.type === 'text'
              ? { type: 'output_text', text: part.text }
              : toInputPart(part),
          );
        }
      }
    }
    if (message.content.length === 0) {
      items.push({ role: 'assistant', content: [] });
    }
  }
  return items;
}

function toInputPart(part: Part): OpenAIResponsesItem {
  switch (part.type) {
    case 'file':
      return part.mediaType.startsWith('image/')
        ? { type: 'input_image', image_url: part.data }
        : {
            type: 'input_file',
            file_data: part.data,
            ...(part.filename === undefined ? {} : { filename: part.filename }),
          };
    case 'text':
    case 'reasoning':
      return { type: 'input_text', text: part.text };
    case 'tool-call':
    case 'tool-result':
      return { type: 'input_text', text: JSON.stringify(part) };
  }
}
