import { AutoContextMemory, createApproximateTokenCounter } from '@acm/core';
import { fixedClock, sequentialIds } from '@acm/core/testing';
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadSweToolOutputs } from '../../test-fixtures/swe-tool-outputs';
import { autoContextMiddleware } from './auto-context-middleware';

/** Records the metadata of every chat model run, as LangSmith would see it. */
class MetadataRecorder extends BaseCallbackHandler {
  name = 'metadata-recorder';
  readonly runs: Record<string, unknown>[] = [];
  override handleChatModelStart(
    _llm: unknown,
    _messages: unknown,
    _runId: string,
    _parentRunId?: string,
    _extraParams?: Record<string, unknown>,
    _tags?: string[],
    metadata?: Record<string, unknown>,
  ): void {
    this.runs.push(metadata ?? {});
  }
}

describe('autoContextMiddleware run metadata', () => {
  it('should put the figures of a compaction on the model run that follows it', async () => {
    const memory = new AutoContextMemory({
      sessionId: 'thread-7',
      config: { maxToken: 4_000 },
      counter: createApproximateTokenCounter(),
      clock: fixedClock(0),
      generateId: sequentialIds('id'),
    });
    const outputs = loadSweToolOutputs(12);
    let next = 0;
    const bash = tool(() => outputs[next++ % outputs.length]!, {
      name: 'bash',
      description: 'Runs a shell command.',
      schema: z.object({ command: z.string() }),
    });
    const model = fakeModel();
    const CALLS = 12;
    for (let call = 0; call < CALLS; call++) {
      model.respond(
        () =>
          new AIMessage({
            content: `Step ${call}.`,
            tool_calls: [
              {
                id: `call_${call}`,
                name: 'bash',
                args: { command: `ls ${call}` },
                type: 'tool_call',
              },
            ],
          }),
      );
    }
    model.respond(() => new AIMessage('Done.'));
    const agent = createAgent({
      model,
      tools: [bash],
      middleware: [autoContextMiddleware({ memory })],
    });
    const recorder = new MetadataRecorder();
    await agent.invoke(
      { messages: [new HumanMessage('Find the bug.')] },
      { callbacks: [recorder], recursionLimit: 100 },
    );

    const events = memory.getCompressionEvents();
    const withCompaction = recorder.runs.filter(
      (metadata) => 'acm.compaction.strategies' in metadata,
    );
    expect(recorder.runs).toHaveLength(CALLS + 1);
    expect(withCompaction.length).toBeGreaterThan(0);
    // Every applied edit appears in exactly one run's metadata, in order.
    expect(
      withCompaction.flatMap(
        (metadata) => metadata['acm.compaction.offload_ids'] as string[],
      ),
    ).toEqual(
      events.flatMap((event) =>
        event.type === 'compression' ? event.offloadIds : [],
      ),
    );
    expect(
      withCompaction.reduce(
        (sum, metadata) =>
          sum + (metadata['acm.compaction.messages_affected'] as number),
        0,
      ),
    ).toBe(
      events.reduce(
        (sum, event) =>
          sum + (event.type === 'compression' ? event.messageCount : 0),
        0,
      ),
    );
    for (const metadata of withCompaction) {
      expect(metadata['gen_ai.conversation.id']).toBe('thread-7');
      expect(metadata['acm.compaction.tokens_after']).toBeLessThan(
        metadata['acm.compaction.tokens_before'] as number,
      );
      expect(metadata['acm.compaction.over_budget']).toBe(false);
    }
  });
});
