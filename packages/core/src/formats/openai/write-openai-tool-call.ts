import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { ToolCallPart } from '../../vocabulary/message/message';
import type { OpenAIToolCallMetadata } from './openai-message-metadata';
import type { Output } from './openai-writing';
import { copyMissingFields } from './own-record';

/**
 * A tool-call part as a `tool_calls` entry: its recorded raw arguments when
 * they still stand for its input, else the input as JSON.
 */
export function writeOpenAIToolCall(
  part: ToolCallPart,
  index: number,
  entry: OpenAIToolCallMetadata | undefined,
  lossless: boolean,
): Output {
  let argumentsText: string;
  if (entry?.invalidArguments === true && typeof part.input === 'string') {
    argumentsText = part.input;
  } else if (
    entry?.arguments !== undefined &&
    argumentsMatch(entry.arguments, part.input)
  ) {
    argumentsText = entry.arguments;
  } else {
    try {
      argumentsText =
        JSON.stringify(part.input === undefined ? {} : part.input) ?? '{}';
    } catch (error) {
      throw new InvalidMessageError({
        index,
        reason: 'invalid-tool-arguments',
        message: `the input of tool call "${part.toolCallId}" cannot be written as JSON`,
        cause: error,
      });
    }
  }
  const functionValue: Output = {
    name: part.toolName,
    arguments: argumentsText,
  };
  const call: Output =
    lossless && entry?.missingType === true
      ? { id: part.toolCallId, function: functionValue }
      : { id: part.toolCallId, type: 'function', function: functionValue };
  if (lossless && entry !== undefined) {
    if (entry.functionExtra !== undefined)
      copyMissingFields(functionValue, entry.functionExtra);
    if (entry.extra !== undefined) copyMissingFields(call, entry.extra);
  }
  return call;
}

/** Whether a recorded raw arguments text still stands for `input` (the part may have been edited). */
function argumentsMatch(raw: string, input: unknown): boolean {
  if (raw.trim() === '') return JSON.stringify(input) === '{}';
  try {
    return JSON.stringify(JSON.parse(raw)) === JSON.stringify(input);
  } catch {
    return false;
  }
}
