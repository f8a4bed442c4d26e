import type { AutoContextMemory, CompressionResult } from '@acm/core';
import {
  getCompactionAttributes,
  summarizeCompressionResult,
} from '@acm/core/internal';

/** Run metadata: the compaction's attributes (`acm.compaction.*`, …; see `docs/guides/telemetry.md`). */
export type CompactionRunMetadata = Record<string, unknown>;

/**
 * The run metadata of a compaction of `memory` that just ended with
 * `result` (the same keys and values as `@acm/otel`'s span attributes,
 * `gen_ai.conversation.id` = the session id), or `undefined` when nothing was
 * applied.
 */
export function getCompactionRunMetadata(
  memory: AutoContextMemory,
  result: CompressionResult,
): CompactionRunMetadata | undefined {
  if (!result.applied) return undefined;
  return getCompactionAttributes(
    summarizeCompressionResult(result, {
      tokensAfter: memory.countTokens(),
      messagesAfter: memory.getMessageCount(),
    }),
    { conversationId: memory.sessionId },
  );
}

/**
 * `model` with `metadata` on its runs (`withConfig`, which LangChain's agent
 * keeps when it binds the tools); `model` itself when it has no `withConfig`.
 */
export function withRunMetadata<Model>(
  model: Model,
  metadata: CompactionRunMetadata | undefined,
): Model {
  if (metadata === undefined) return model;
  const configurable = model as {
    withConfig?: (config: { metadata: CompactionRunMetadata }) => unknown;
  };
  return typeof configurable.withConfig === 'function'
    ? (configurable.withConfig({ metadata }) as Model)
    : model;
}
