import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AutoContextMemory,
  createApproximateTokenCounter,
  fromOpenAIMessages,
} from '@acm/core';
import type { CompressionEvent, CompressionResult, Message } from '@acm/core';
import {
  fixedClock,
  fixedLatencySummarizer,
  sequentialIds,
} from '@acm/core/testing';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenTelemetryListener } from './create-open-telemetry-listener';

/** A real conversation of the committed sample (SWE-bench, 78 messages). */
function loadConversation(id: string): Message[] {
  const file = join(
    import.meta.dirname,
    '..',
    '..',
    '..',
    'data',
    'sample.jsonl',
  );
  const record = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { id: string; messages: unknown[] })
    .find((candidate) => candidate.id === id)!;
  return fromOpenAIMessages(record.messages, {
    invalidToolArguments: 'keep-raw',
  });
}

interface Replay {
  readonly spans: readonly ReadableSpan[];
  readonly results: readonly CompressionResult[];
  readonly parent: { traceId: string; spanId: string };
}

/** Replays the conversation as an agent would, each compression inside an agent-step span. */
async function replay(mode: 'auto' | 'compress'): Promise<Replay> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('test');
  const clock = fixedClock(Date.UTC(2026, 10, 26));
  const memory = new AutoContextMemory({
    sessionId: 'swe-session',
    config: { maxToken: 12_000, mode },
    counter: createApproximateTokenCounter(),
    summarizer: fixedLatencySummarizer({ latencyMs: 0 }),
    clock,
    generateId: sequentialIds('off-'),
    onEvent: createOpenTelemetryListener({
      tracer,
      conversationId: 'swe-session',
    }),
  });
  const results: CompressionResult[] = [];
  let parent = { traceId: '', spanId: '' };
  await tracer.startActiveSpan('agent', async (agentSpan) => {
    parent = {
      traceId: agentSpan.spanContext().traceId,
      spanId: agentSpan.spanContext().spanId,
    };
    for (const message of loadConversation(
      'swe/scikit-learn__scikit-learn-11310',
    )) {
      if (message.role === 'assistant') {
        clock.increment(1000);
        results.push(await memory.compressIfNeeded());
      }
      await memory.addMessage(message);
    }
    agentSpan.end();
  });
  await provider.forceFlush();
  return {
    spans: exporter
      .getFinishedSpans()
      .filter((span) => span.name === 'acm.compaction'),
    results,
    parent,
  };
}

function applied(events: readonly CompressionEvent[]) {
  return events.filter((event) => event.type === 'compression');
}

describe('createOpenTelemetryListener', () => {
  const manager = new AsyncLocalStorageContextManager();
  beforeAll(() => {
    context.setGlobalContextManager(manager.enable());
  });
  afterAll(() => {
    context.disable();
    trace.disable();
  });

  it('should export one span per applied compaction of a real conversation, with its figures', async () => {
    const { spans, results, parent } = await replay('compress');
    const appliedResults = results.filter((result) => result.applied);
    expect(appliedResults.length).toBeGreaterThan(1);
    expect(spans).toHaveLength(appliedResults.length);

    spans.forEach((span, index) => {
      const result = appliedResults[index]!;
      const edits = applied(result.events);
      const withSummarizer = edits.filter(
        (event) => event.summarizer !== undefined,
      );
      expect(span.spanContext().traceId).toBe(parent.traceId);
      expect(span.parentSpanContext?.spanId).toBe(parent.spanId);
      expect(span.attributes['gen_ai.conversation.id']).toBe('swe-session');
      expect(span.attributes['acm.compaction.strategies']).toEqual([
        ...new Set(edits.map((event) => event.strategy)),
      ]);
      expect(span.attributes['acm.compaction.messages_affected']).toBe(
        edits.reduce((sum, event) => sum + event.messageCount, 0),
      );
      expect(span.attributes['acm.compaction.offload_ids']).toEqual(
        edits.flatMap((event) => event.offloadIds),
      );
      expect(span.attributes['acm.compaction.pass_count']).toBe(
        result.passes.length,
      );
      expect(span.attributes['acm.compaction.stop_reason']).toBe(
        result.stopReason,
      );
      expect(span.attributes['acm.compaction.over_budget']).toBe(
        result.overBudget !== undefined,
      );
      expect(span.attributes['acm.summarizer.call_count']).toBe(
        withSummarizer.length,
      );
      expect(span.attributes['acm.summarizer.input_tokens']).toBe(
        withSummarizer.reduce(
          (sum, event) => sum + event.summarizer!.inputTokens,
          0,
        ),
      );
      expect(span.attributes['acm.summarizer.output_tokens']).toBe(
        withSummarizer.reduce(
          (sum, event) => sum + event.summarizer!.outputTokens,
          0,
        ),
      );
      const before = span.attributes['acm.compaction.tokens_before'] as number;
      const after = span.attributes['acm.compaction.tokens_after'] as number;
      expect(after).toBeLessThan(before);
      expect(span.attributes['acm.compaction.tokens_saved']).toBe(
        before - after,
      );
      expect(span.events.map((event) => event.name)).toEqual(
        result.events.map((event) =>
          event.type === 'compression'
            ? 'acm.compression'
            : 'acm.compression.failed',
        ),
      );
      expect(span.events[0]!.attributes!['acm.compression.strategy']).toBe(
        result.events[0]!.strategy,
      );
    });
    // The first compaction's figures, pinned: tokens fell, messages were
    // replaced, offloads made, and the summarizer was used.
    const all = spans.flatMap(
      (span) => span.attributes['acm.compaction.strategies'] as string[],
    );
    expect(all.length).toBeGreaterThan(0);
    expect(
      spans.some(
        (span) => (span.attributes['acm.summarizer.call_count'] as number) > 0,
      ),
    ).toBe(true);
    expect(
      spans.some(
        (span) =>
          (span.attributes['acm.compaction.offload_ids'] as string[]).length >
          0,
      ),
    ).toBe(true);
  });

  it('should time each span by the memory clock', async () => {
    const { spans } = await replay('auto');
    expect(spans.length).toBeGreaterThan(0);
    for (const span of spans) {
      const [seconds, nanos] = span.startTime;
      expect((seconds * 1000 + nanos / 1e6) % 1000).toBe(0);
      expect(span.endTime).toEqual(span.startTime);
    }
  });

  it('should record no span for a compaction that applied nothing, unless asked', () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const seen: string[] = [];
    const end = {
      type: 'compaction-end',
      at: 5,
      applied: false,
      stopReason: 'nothing-applies',
      passCount: 0,
      tokensBefore: 10,
      tokensAfter: 10,
      messagesBefore: 2,
      messagesAfter: 2,
    } as const;
    const start = {
      type: 'compaction-start',
      at: 1,
      force: true,
      trigger: {
        triggered: false,
        messageCountReached: false,
        tokensReached: false,
        messageCount: 2,
        tokenCount: 10,
        tokenThreshold: 100,
        msgThreshold: 100,
      },
    } as const;
    const quiet = createOpenTelemetryListener({
      tracer: provider.getTracer('test'),
      onEvent: (event) => seen.push(event.type),
    });
    quiet(start);
    quiet(end);
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    expect(seen).toEqual(['compaction-start', 'compaction-end']);
    const all = createOpenTelemetryListener({
      tracer: provider.getTracer('test'),
      recordUnapplied: true,
    });
    all(start);
    all(end);
    expect(exporter.getFinishedSpans().map((span) => span.attributes)).toEqual([
      {
        'acm.compaction.tokens_before': 10,
        'acm.compaction.tokens_after': 10,
        'acm.compaction.tokens_saved': 0,
        'acm.compaction.messages_before': 2,
        'acm.compaction.messages_after': 2,
        'acm.compaction.messages_affected': 0,
        'acm.compaction.strategies': [],
        'acm.compaction.offload_ids': [],
        'acm.compaction.pass_count': 0,
        'acm.compaction.failed_pass_count': 0,
        'acm.compaction.stop_reason': 'nothing-applies',
        'acm.compaction.over_budget': false,
        'acm.compaction.forced': true,
        'acm.summarizer.call_count': 0,
        'acm.summarizer.input_tokens': 0,
        'acm.summarizer.output_tokens': 0,
        'acm.summarizer.duration_ms': 0,
      },
    ]);
  });
});
