import type { AutoContextMemory, CompressionResult } from '@acm/core';
import {
  getCompactionAttributes,
  summarizeCompressionResult,
} from '@acm/core/internal';

/** Run metadata: the compaction's attributes (`acm.compaction.*`, …; see `docs/guides/telemetry.md`). */
export type CompactionRunMetadata = Record<string, unknown>;

/**
 * The run metadata of one managed call's compaction (the same keys and values
 * as `@acm/otel`'s span attributes, `gen_ai.conversation.id` = the session
 * id), or `undefined` when nothing was applied.
 */
export function compactionRunMetadata({
  memory,
  compression,
  before,
}: {
  readonly memory: AutoContextMemory;
  readonly compression: CompressionResult;
  readonly before: { readonly tokens: number; readonly messages: number };
}): CompactionRunMetadata | undefined {
  return compression.applied
    ? getCompactionAttributes(
        summarizeCompressionResult(compression, {
          tokensBefore: before.tokens,
          tokensAfter: memory.countTokens(),
          messagesBefore: before.messages,
          messagesAfter: memory.getMessageCount(),
        }),
        { conversationId: memory.sessionId },
      )
    : undefined;
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
