import type { CompactionSummary } from './compaction-summary';

/** A telemetry attribute value (OpenTelemetry's primitive and array values). */
export type CompactionAttributeValue = string | number | boolean | string[];

/**
 * The attribute names of a compaction, lower-case and dot-namespaced with
 * snake_case leaves as OpenTelemetry's GenAI semantic conventions name theirs
 * (`gen_ai.usage.input_tokens`). Only `gen_ai.conversation.id` is a GenAI
 * attribute; the summarizer's token usage is deliberately under `acm.` so that
 * cost tools summing `gen_ai.usage.*` do not count it twice when the
 * summarizer's own model call is traced.
 */
export const COMPACTION_ATTRIBUTES = {
  conversationId: 'gen_ai.conversation.id',
  tokensBefore: 'acm.compaction.tokens_before',
  tokensAfter: 'acm.compaction.tokens_after',
  tokensSaved: 'acm.compaction.tokens_saved',
  messagesBefore: 'acm.compaction.messages_before',
  messagesAfter: 'acm.compaction.messages_after',
  messagesAffected: 'acm.compaction.messages_affected',
  strategies: 'acm.compaction.strategies',
  offloadIds: 'acm.compaction.offload_ids',
  passCount: 'acm.compaction.pass_count',
  failedPassCount: 'acm.compaction.failed_pass_count',
  stopReason: 'acm.compaction.stop_reason',
  forced: 'acm.compaction.forced',
  overBudget: 'acm.compaction.over_budget',
  overBudgetExcused: 'acm.compaction.over_budget_excused',
  maxTokens: 'acm.compaction.max_tokens',
  promptTokens: 'acm.compaction.prompt_tokens',
  summarizerCalls: 'acm.summarizer.call_count',
  summarizerInputTokens: 'acm.summarizer.input_tokens',
  summarizerOutputTokens: 'acm.summarizer.output_tokens',
  summarizerDurationMs: 'acm.summarizer.duration_ms',
} as const;

/**
 * The attributes of one compaction (see {@link COMPACTION_ATTRIBUTES}):
 * tokens and messages before and after, the strategies of its applied edits
 * (in order, each once), the messages those edits replaced, their offload ids,
 * the summarizer's calls, tokens and time, the passes, why it stopped, and
 * whether the prompt is still over budget (with `max_tokens`, the prompt's
 * tokens and whether the protected set excuses it). Pure.
 */
export function getCompactionAttributes(
  summary: CompactionSummary,
  { conversationId }: { readonly conversationId?: string } = {},
): Record<string, CompactionAttributeValue> {
  const names = COMPACTION_ATTRIBUTES;
  const applied = summary.events.filter(
    (event) => event.type === 'compression',
  );
  const strategies: string[] = [];
  for (const event of applied) {
    if (!strategies.includes(event.strategy)) strategies.push(event.strategy);
  }
  const withSummarizer = summary.events.filter(
    (event) => event.type === 'compression' && event.summarizer !== undefined,
  );
  let inputTokens = 0;
  let outputTokens = 0;
  let durationMs = 0;
  for (const event of withSummarizer) {
    if (event.type !== 'compression' || event.summarizer === undefined)
      continue;
    inputTokens += event.summarizer.inputTokens;
    outputTokens += event.summarizer.outputTokens;
    durationMs += event.summarizer.durationMs;
  }
  const attributes: Record<string, CompactionAttributeValue> = {};
  if (conversationId !== undefined) {
    attributes[names.conversationId] = conversationId;
  }
  Object.assign(attributes, {
    [names.tokensBefore]: summary.tokensBefore,
    [names.tokensAfter]: summary.tokensAfter,
    [names.tokensSaved]: summary.tokensBefore - summary.tokensAfter,
    [names.messagesBefore]: summary.messagesBefore,
    [names.messagesAfter]: summary.messagesAfter,
    [names.messagesAffected]: applied.reduce(
      (sum, event) => sum + event.messageCount,
      0,
    ),
    [names.strategies]: strategies,
    [names.offloadIds]: applied.flatMap((event) => [...event.offloadIds]),
    [names.passCount]: summary.passCount,
    [names.failedPassCount]: summary.events.filter(
      (event) => event.type === 'compression-error',
    ).length,
    [names.stopReason]: summary.stopReason,
    [names.overBudget]: summary.overBudget !== undefined,
    [names.summarizerCalls]: withSummarizer.length,
    [names.summarizerInputTokens]: inputTokens,
    [names.summarizerOutputTokens]: outputTokens,
    [names.summarizerDurationMs]: durationMs,
  });
  if (summary.forced !== undefined) attributes[names.forced] = summary.forced;
  if (summary.overBudget !== undefined) {
    attributes[names.overBudgetExcused] = summary.overBudget.excused;
    attributes[names.maxTokens] = summary.overBudget.maxToken;
    attributes[names.promptTokens] = summary.overBudget.tokens;
  }
  return attributes;
}
