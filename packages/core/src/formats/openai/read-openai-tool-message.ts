import type {
  Message,
  TextPart,
  ToolResultPart,
} from '../../vocabulary/message/message';
import { describeValue } from '../../vocabulary/util/describe-value';
import {
  OPENAI_READER_WORDING,
  buildMessage,
  fail,
  readFields,
} from './openai-reading';
import type {
  CallRecord,
  ContentPartMetadata,
  Mutable,
} from './openai-reading';
import { readOpenAIContent, recordOpenAIContent } from './read-openai-content';

/**
 * A tool message: one tool-result part that answers the latest call with its
 * `tool_call_id` (recorded in `calls`). Its output is the content's text,
 * joined; the lengths of array parts are kept to split it back.
 */
export function readOpenAIToolMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  calls: Map<string, CallRecord>,
  orphanToolResults: 'error' | 'keep',
): Message {
  const toolCallId = input.tool_call_id;
  if (typeof toolCallId !== 'string') {
    throw fail(
      index,
      'invalid-shape',
      `tool_call_id must be a string, got ${describeValue(toolCallId, OPENAI_READER_WORDING)}`,
    );
  }
  let toolName: string | undefined;
  let isError: boolean | undefined;
  let metadata = readFields(input, (key, value) => {
    if (key === 'tool_call_id') return true;
    if (key === 'name' && typeof value === 'string') toolName = value;
    else if (key === 'is_error' && typeof value === 'boolean') isError = value;
    else return false;
    return true;
  });

  const call = calls.get(toolCallId);
  if (call === undefined) {
    if (orphanToolResults === 'error') {
      throw fail(
        index,
        'orphan-tool-result',
        `no earlier assistant message calls tool call id "${toolCallId}"`,
      );
    }
  } else if (call.answeredAt >= 0) {
    throw fail(
      index,
      'duplicate-tool-call-id',
      `tool call "${toolCallId}" (index ${call.index}) already has its result at index ${call.answeredAt}`,
    );
  } else {
    call.answeredAt = index;
  }
  if (toolName === undefined) {
    toolName = call?.name ?? '';
    metadata = { ...metadata, toolName: 'from-call' };
  }

  const content = readOpenAIContent(input, index, 'text');
  let output = '';
  let partMetadata = content.partMetadata;
  if (content.parts.length === 1) {
    output = (content.parts[0] as TextPart).text;
  } else if (content.form === 'parts') {
    // Lengths split the joined output back into its parts (none: `[]`).
    const lengths: ContentPartMetadata[] = [];
    for (let position = 0; position < content.parts.length; position++) {
      const text = (content.parts[position] as TextPart).text;
      output += text;
      lengths.push({ ...partMetadata?.[position], length: text.length });
    }
    partMetadata = lengths;
  }
  // Tool content is text only, so the default form is a string (as the
  // default writer writes a tool output).
  metadata = recordOpenAIContent(
    metadata,
    { ...content, partMetadata },
    'tool',
    false,
  );

  const part: Mutable<ToolResultPart> = {
    type: 'tool-result',
    toolCallId,
    toolName,
    output,
  };
  if (isError !== undefined) part.isError = isError;
  return buildMessage(input, id, 'tool', undefined, [part], metadata);
}
