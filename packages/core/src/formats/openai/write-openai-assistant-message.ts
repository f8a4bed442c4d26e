import type {
  Message,
  ReasoningPart,
  TextPart,
  ToolCallPart,
} from '../../vocabulary/message/message';
import type { OpenAIChatMessage } from './openai-chat-message';
import type { OpenAIMessageMetadata } from './openai-message-metadata';
import { fail, finish } from './openai-writing';
import type { Output } from './openai-writing';
import { writeOpenAIContent } from './write-openai-content';
import { writeOpenAIToolCall } from './write-openai-tool-call';

/** Unknown fields that `'strict'` still writes, because OpenAI documents them. */
const strictAssistantFields = ['refusal', 'audio', 'function_call'];

/**
 * An assistant message: its text as `content`, reasoning in the fields it was
 * read from (lossless only), its tool calls as `tool_calls` (or the legacy
 * `function_call` it was read from).
 */
export function writeOpenAIAssistantMessage(
  message: Message,
  index: number,
  metadata: OpenAIMessageMetadata | undefined,
  lossless: boolean,
): OpenAIChatMessage {
  const target: Output = { role: 'assistant' };
  const reasoningParts: ReasoningPart[] = [];
  const contentParts: TextPart[] = [];
  const toolCallParts: ToolCallPart[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        contentParts.push(part);
        break;
      case 'reasoning':
        reasoningParts.push(part);
        break;
      case 'tool-call':
        toolCallParts.push(part);
        break;
      case 'file':
      case 'tool-result':
        throw fail(
          index,
          `an assistant message cannot carry a ${part.type} part`,
        );
    }
  }
  writeOpenAIContent(
    target,
    'assistant',
    contentParts,
    false,
    toolCallParts.length > 0,
    metadata,
    lossless,
  );
  if (message.name !== undefined) target.name = message.name;

  if (lossless) {
    for (let position = 0; position < reasoningParts.length; position++) {
      const field = metadata?.reasoning?.[position] ?? 'reasoning_content';
      const text = reasoningParts[position]!.text;
      const previous = target[field];
      target[field] =
        typeof previous === 'string' ? `${previous}\n${text}` : text;
    }
  }

  if (
    lossless &&
    metadata?.functionCall === true &&
    toolCallParts.length === 1
  ) {
    // The legacy shape it was read from: `function_call`, no id.
    const entry = metadata.toolCalls?.[0];
    const call = writeOpenAIToolCall(
      toolCallParts[0]!,
      index,
      entry != null && entry.id === toolCallParts[0]!.toolCallId
        ? entry
        : undefined,
      lossless,
    );
    target.function_call = call.function;
  } else if (toolCallParts.length > 0) {
    const entries = metadata?.toolCalls;
    target.tool_calls = toolCallParts.map((part, position) => {
      const entry = entries?.[position];
      return writeOpenAIToolCall(
        part,
        index,
        entry != null && entry.id === part.toolCallId ? entry : undefined,
        lossless,
      );
    });
  } else if (lossless && metadata?.emptyToolCalls === true) {
    target.tool_calls = [];
  }
  return finish(target, message, metadata, lossless, strictAssistantFields);
}
