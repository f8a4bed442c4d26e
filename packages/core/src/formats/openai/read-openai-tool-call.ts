import { InvalidMessageError } from '../../vocabulary/error/invalid-message-error';
import type { ToolCallPart } from '../../vocabulary/message/message';
import { describeValue } from '../../vocabulary/util/describe-value';
import { isRecord } from '../../vocabulary/util/is-record';
import { OPENAI_READER_WORDING, collectExtra, fail } from './openai-reading';
import type { CallRecord, ToolCallMetadata } from './openai-reading';

/**
 * Reads one `tool_calls` entry into a tool-call part (its arguments parsed)
 * and registers the call in `calls`, for the result that answers it.
 */
export function readOpenAIToolCall(
  value: unknown,
  index: number,
  position: number,
  calls: Map<string, CallRecord>,
  invalidToolArguments: 'error' | 'keep-raw',
): { part: ToolCallPart; entry: ToolCallMetadata | null } {
  const where = `tool_calls[${position}]`;
  if (!isRecord(value)) {
    throw fail(
      index,
      'invalid-content',
      `${where} must be an object, got ${describeValue(value, OPENAI_READER_WORDING)}`,
    );
  }
  const toolCallId = value.id;
  if (typeof toolCallId !== 'string') {
    throw fail(
      index,
      'invalid-content',
      `${where}.id must be a string, got ${describeValue(toolCallId, OPENAI_READER_WORDING)}`,
    );
  }
  const type = value.type;
  if (type !== undefined && type !== 'function') {
    throw fail(
      index,
      'invalid-content',
      `${where}.type must be "function", got ${describeValue(type, OPENAI_READER_WORDING)}`,
    );
  }
  const functionValue = value.function;
  if (!isRecord(functionValue)) {
    throw fail(
      index,
      'invalid-content',
      `${where}.function must be an object, got ${describeValue(functionValue, OPENAI_READER_WORDING)}`,
    );
  }
  const toolName = functionValue.name;
  if (typeof toolName !== 'string') {
    throw fail(
      index,
      'invalid-content',
      `${where}.function.name must be a string, got ${describeValue(toolName, OPENAI_READER_WORDING)}`,
    );
  }
  const raw = functionValue.arguments;
  if (typeof raw !== 'string') {
    throw fail(
      index,
      'invalid-tool-arguments',
      `${where}.function.arguments must be a JSON string, got ${describeValue(raw, OPENAI_READER_WORDING)}`,
    );
  }

  const earlier = calls.get(toolCallId);
  if (earlier !== undefined && earlier.answeredAt < 0) {
    throw fail(
      index,
      'duplicate-tool-call-id',
      earlier.index === index
        ? `tool call id "${toolCallId}" is used twice in this message`
        : `tool call id "${toolCallId}" is reused while its call at index ${earlier.index} has no result yet`,
    );
  }
  calls.set(toolCallId, { name: toolName, index, answeredAt: -1 });

  let entry: ToolCallMetadata | null = null;
  let input: unknown;
  try {
    // Providers send `""` for a tool without arguments: no arguments at all.
    input = raw.trim() === '' ? {} : JSON.parse(raw);
    if (JSON.stringify(input) !== raw)
      entry = { id: toolCallId, arguments: raw };
  } catch (error) {
    if (invalidToolArguments === 'error') {
      throw new InvalidMessageError({
        index,
        reason: 'invalid-tool-arguments',
        message: `${where}.function.arguments of "${toolName}" is not JSON`,
        cause: error,
      });
    }
    input = raw;
    entry = { id: toolCallId, invalidArguments: true };
  }

  if (type === undefined) {
    entry ??= { id: toolCallId };
    entry.missingType = true;
  }
  const extra = collectExtra(value, ['id', 'type', 'function']);
  if (extra !== undefined) {
    entry ??= { id: toolCallId };
    entry.extra = extra;
  }
  const functionExtra = collectExtra(functionValue, ['name', 'arguments']);
  if (functionExtra !== undefined) {
    entry ??= { id: toolCallId };
    entry.functionExtra = functionExtra;
  }

  return { part: { type: 'tool-call', toolCallId, toolName, input }, entry };
}
