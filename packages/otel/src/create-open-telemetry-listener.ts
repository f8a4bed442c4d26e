import { context, SpanKind, trace } from '@opentelemetry/api';
import type { Attributes, Context, Tracer } from '@opentelemetry/api';
import type { CompressionEvent, CompressionListenerEvent } from '@acm/core';
import {
  createCompactionTracker,
  getCompactionAttributes,
} from '@acm/core/adapter';

/** The tracer name (instrumentation scope) the listener uses by default. */
export const ACM_TRACER_NAME = '@acm/otel';

/** The span name of a compaction. */
export const COMPACTION_SPAN_NAME = 'acm.compaction';

/** Options of `createOpenTelemetryListener`. */
export interface OpenTelemetryListenerOptions {
  /**
   * The tracer the spans are made with.
   * @default trace.getTracer('@acm/otel') (the global tracer provider)
   */
  readonly tracer?: Tracer;
  /**
   * The conversation the memory holds (its session id): recorded as
   * `gen_ai.conversation.id`, as the GenAI semantic conventions name it.
   * @default undefined (not recorded)
   */
  readonly conversationId?: string;
  /**
   * Also record compactions that applied nothing (every pass failed, or none
   * applied).
   * @default false (one span per applied compaction)
   */
  readonly recordUnapplied?: boolean;
  /**
   * Another listener that receives every event too (the memory takes one
   * `onEvent`).
   * @default undefined
   */
  readonly onEvent?: (event: CompressionListenerEvent) => void;
}

/**
 * An `onEvent` listener for `AutoContextMemory` (or any adapter that passes
 * core options through) that turns each applied compaction into one
 * OpenTelemetry span, `acm.compaction`, of kind `INTERNAL`:
 *
 * - it starts when the compaction started and ends when it ended (the
 *   memory's clock), as a child of the span active when it started (the
 *   agent step or model call that ran `compressIfNeeded`);
 * - its attributes are `getCompactionAttributes`' (`acm.compaction.*`,
 *   `acm.summarizer.*`, `gen_ai.conversation.id`);
 * - each applied edit is a span event `acm.compression` (strategy, messages,
 *   tokens before and after, offload ids, summarizer tokens) and each failed
 *   pass an event `acm.compression.failed` (`error.type` = its code).
 *
 * Without a registered tracer provider the spans are no-ops. One listener per
 * memory (it follows one compaction at a time).
 */
export function createOpenTelemetryListener({
  tracer = trace.getTracer(ACM_TRACER_NAME),
  conversationId,
  recordUnapplied = false,
  onEvent,
}: OpenTelemetryListenerOptions = {}): (
  event: CompressionListenerEvent,
) => void {
  const track = createCompactionTracker();
  let parent: Context | undefined;
  return (event) => {
    if (event.type === 'compaction-start') parent = context.active();
    const summary = track(event);
    if (summary !== undefined && (summary.applied || recordUnapplied)) {
      const span = tracer.startSpan(
        COMPACTION_SPAN_NAME,
        {
          kind: SpanKind.INTERNAL,
          startTime: summary.startedAt ?? summary.endedAt,
          attributes: getCompactionAttributes(summary, {
            ...(conversationId === undefined ? {} : { conversationId }),
          }),
        },
        parent ?? context.active(),
      );
      for (const recorded of summary.events) {
        span.addEvent(
          recorded.type === 'compression'
            ? 'acm.compression'
            : 'acm.compression.failed',
          toEventAttributes(recorded),
          recorded.at,
        );
      }
      span.end(summary.endedAt);
      parent = undefined;
    }
    onEvent?.(event);
  };
}

function toEventAttributes(event: CompressionEvent): Attributes {
  const base: Attributes = {
    'acm.compression.strategy': event.strategy,
    'acm.compression.range_start': event.range.start,
    'acm.compression.range_end': event.range.end,
  };
  if (event.type === 'compression-error') {
    return {
      ...base,
      'error.type': event.error.code,
      ...(event.error.reason === undefined
        ? {}
        : { 'acm.compression.error_reason': event.error.reason }),
      'acm.compression.fallback_used': event.fallbackUsed,
    };
  }
  return {
    ...base,
    'acm.compression.messages': event.messageCount,
    'acm.compression.tokens_before': event.tokensBefore,
    'acm.compression.tokens_after': event.tokensAfter,
    'acm.compression.offload_ids': [...event.offloadIds],
    ...(event.summarizer === undefined
      ? {}
      : {
          'acm.summarizer.input_tokens': event.summarizer.inputTokens,
          'acm.summarizer.output_tokens': event.summarizer.outputTokens,
          'acm.summarizer.duration_ms': event.summarizer.durationMs,
        }),
  };
}
