import type { ManagedCall } from '../session-manager';
import type { CompactionAttributeValue } from './get-compaction-attributes';
import { getCompactionAttributes } from './get-compaction-attributes';
import { summarizeCompressionResult } from './summarize-compression-result';

/**
 * The compaction attributes of one call of core's session manager: the keys
 * and values of `@acm/otel`'s span (`getCompactionAttributes`, with
 * `gen_ai.conversation.id` = the session id), measured from the call's
 * `before` and its memory now, for an adapter that reports them on the model
 * call that follows (LangChain run metadata). `undefined` when the call
 * applied nothing.
 */
export function getManagedCallAttributes({
  memory,
  compression,
  before,
}: Pick<ManagedCall<unknown>, 'memory' | 'compression' | 'before'>):
  Record<string, CompactionAttributeValue> | undefined {
  if (!compression.applied) return undefined;
  const summary = summarizeCompressionResult(compression, {
    tokensBefore: before.tokens,
    tokensAfter: memory.countTokens(),
    messagesBefore: before.messages,
    messagesAfter: memory.getMessageCount(),
  });
  return getCompactionAttributes(summary, { conversationId: memory.sessionId });
}
