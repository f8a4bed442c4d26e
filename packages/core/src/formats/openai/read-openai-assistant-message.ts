import type {
  Message,
  Part,
  ReasoningPart,
  ToolCallPart,
} from '../../vocabulary/message/message';
import { describeValue } from '../../vocabulary/util/describe-value';
import { isRecord } from '../../vocabulary/util/is-record';
import type { OpenAIReasoningField } from './openai-message-metadata';
import {
  OPENAI_READER_WORDING,
  buildMessage,
  fail,
  pushSparse,
  readFields,
} from './openai-reading';
import type { CallRecord, ToolCallMetadata } from './openai-reading';
import { readOpenAIContent, recordOpenAIContent } from './read-openai-content';
import { readOpenAIToolCall } from './read-openai-tool-call';

/**
 * An assistant message: its reasoning strings become reasoning parts, then
 * come the content's text parts, then a tool-call part per `tool_calls` entry
 * (or for the legacy `function_call`).
 */
export function readOpenAIAssistantMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  calls: Map<string, CallRecord>,
  invalidToolArguments: 'error' | 'keep-raw',
): Message {
  let name: string | undefined;
  const reasoningParts: ReasoningPart[] = [];
  let reasoningFields: OpenAIReasoningField[] | undefined;
  let toolCallsValue: readonly unknown[] | undefined;
  let functionCallValue: Record<string, unknown> | undefined;

  let metadata = readFields(input, (key, value) => {
    switch (key) {
      case 'name':
        if (typeof value !== 'string') return false;
        name = value;
        return true;
      case 'reasoning_content':
      case 'reasoning':
        if (typeof value !== 'string') return false;
        if (key === 'reasoning' || reasoningFields !== undefined) {
          reasoningFields ??= reasoningParts.map(
            () => 'reasoning_content' as const,
          );
          reasoningFields.push(key);
        }
        reasoningParts.push({ type: 'reasoning', text: value });
        return true;
      case 'function_call':
        if (!isRecord(value)) return false;
        functionCallValue = value;
        return true;
      case 'tool_calls':
        if (Array.isArray(value)) {
          toolCallsValue = value;
          return true;
        }
        if (value !== null) {
          throw fail(
            index,
            'invalid-content',
            `tool_calls must be an array, got ${describeValue(value, OPENAI_READER_WORDING)}`,
          );
        }
        return false;
      default:
        return false;
    }
  });

  if (functionCallValue !== undefined) {
    if (toolCallsValue !== undefined) {
      throw fail(
        index,
        'invalid-content',
        'an assistant message cannot carry both tool_calls and the legacy function_call',
      );
    }
    // The legacy shape: one call without an id. It becomes a tool call whose
    // id is made up from the message id; the writer puts it back.
    toolCallsValue = [
      {
        id: `${id}-function-call`,
        type: 'function',
        function: functionCallValue,
      },
    ];
    metadata = { ...metadata, functionCall: true };
  }

  const content = readOpenAIContent(input, index, 'assistant');
  const toolCallParts: ToolCallPart[] = [];
  if (toolCallsValue !== undefined) {
    if (toolCallsValue.length === 0) {
      metadata = { ...metadata, emptyToolCalls: true };
    } else {
      let toolCallMetadata: (ToolCallMetadata | null)[] | undefined;
      for (let position = 0; position < toolCallsValue.length; position++) {
        const { part, entry } = readOpenAIToolCall(
          toolCallsValue[position],
          index,
          position,
          calls,
          invalidToolArguments,
        );
        toolCallParts.push(part);
        toolCallMetadata = pushSparse(toolCallMetadata, entry, position);
      }
      if (toolCallMetadata !== undefined) {
        metadata = { ...metadata, toolCalls: toolCallMetadata };
      }
    }
  }

  metadata = recordOpenAIContent(
    metadata,
    content,
    'assistant',
    toolCallParts.length > 0,
  );
  if (reasoningFields !== undefined)
    metadata = { ...metadata, reasoning: reasoningFields };

  const parts: Part[] =
    reasoningParts.length === 0 && toolCallParts.length === 0
      ? content.parts
      : [...reasoningParts, ...content.parts, ...toolCallParts];
  return buildMessage(input, id, 'assistant', name, parts, metadata);
}
