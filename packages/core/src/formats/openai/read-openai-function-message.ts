import type { Message } from '../../vocabulary/message/message';
import { describeValue } from '../../vocabulary/util/describe-value';
import { OPENAI_READER_WORDING, fail } from './openai-reading';
import type { CallRecord, MessageMetadata } from './openai-reading';
import { readOpenAIToolMessage } from './read-openai-tool-message';

/**
 * A legacy `role: 'function'` result: `{ role: 'function', name, content }`,
 * without a call id. It answers the latest call of that name still waiting
 * for its result and becomes a `tool` message (`metadata.openai.role:
 * 'function'`, so the lossless writer puts the legacy shape back).
 */
export function readOpenAIFunctionMessage(
  input: Record<string, unknown>,
  index: number,
  id: string,
  calls: Map<string, CallRecord>,
  orphanToolResults: 'error' | 'keep',
): Message {
  const name = input.name;
  if (typeof name !== 'string') {
    throw fail(
      index,
      'invalid-shape',
      `a function message needs a string name, got ${describeValue(name, OPENAI_READER_WORDING)}`,
    );
  }
  let callId: string | undefined;
  for (const [candidate, call] of calls) {
    if (call.name === name && call.answeredAt < 0) callId = candidate;
  }
  const toolCallId = callId ?? `${id}-function-result`;
  const { role: _role, ...rest } = input;
  const message = readOpenAIToolMessage(
    { role: 'tool', tool_call_id: toolCallId, ...rest },
    index,
    id,
    calls,
    orphanToolResults,
  );
  const openai = (message.metadata?.openai ?? {}) as MessageMetadata;
  return {
    ...message,
    metadata: { ...message.metadata, openai: { ...openai, role: 'function' } },
  };
}
