import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import { createAutoContextMemory } from '../../memory/facade/create-auto-context-memory';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { fromOpenAIMessages } from '../../formats/openai/from-openai-messages';
import { captureError } from '../../testing/capture-error';
import { loadSharedConversations } from '../../testing/load-shared-conversations';
import { sequentialIds } from '../../testing/sequential-ids';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import { createCompressionBridge } from './create-compression-bridge';
import type { CompressionRecordMode } from './create-compression-bridge';
import { createEmbeddedLongTermBackend } from './create-embedded-long-term-backend';
import { createLongTermMemory } from './create-long-term-memory';
import type { LongTermMemoryBackend } from './long-term-memory-backend';

async function replayTau(
  record: CompressionRecordMode,
  backend: LongTermMemoryBackend = createEmbeddedLongTermBackend(),
) {
  const [conversation] = loadSharedConversations({ dataset: 'tau', limit: 1 });
  const messages = fromOpenAIMessages(conversation!.messages);
  const memory = createAutoContextMemory({
    sessionId: conversation!.id,
    counter: createApproximateTokenCounter(),
    generateId: sequentialIds('off'),
    config: { maxToken: 2000 },
  });
  const longTerm = createLongTermMemory({
    backend,
    owner: { userId: 'mia_li_3668' },
    mode: 'static',
    ids: sequentialIds('ltm'),
    clock: { now: () => 0 },
  });
  const bridge = createCompressionBridge({ memory, longTerm, record });
  let recorded = 0;
  for (const message of messages) {
    if (message.role === 'assistant') {
      await memory.compressIfNeeded();
      recorded += await bridge.sync();
    }
    await memory.addMessage(message);
  }
  return { memory, longTerm, bridge, recorded, backend };
}

/** Original (non-system, non-ACM) messages held by the offloads that applied compressions made. */
function offloadedOriginals(memory: {
  getCompressionEvents(): ReturnType<
    ReturnType<typeof createAutoContextMemory>['getCompressionEvents']
  >;
  getOffloadContext(): Readonly<Record<string, readonly Message[]>>;
}): Set<string> {
  const ids = new Set<string>();
  for (const event of memory.getCompressionEvents()) {
    if (event.type !== 'compression') continue;
    for (const offloadId of event.offloadIds) {
      for (const message of memory.getOffloadContext()[offloadId] ?? []) {
        if (message.role !== 'system' && getAcmMarker(message) === undefined) {
          ids.add(message.id);
        }
      }
    }
  }
  return ids;
}

describe('createCompressionBridge', () => {
  it('should record every original message a compression took out of a real tau conversation, once', async () => {
    const backend = createEmbeddedLongTermBackend();
    const { memory, recorded } = await replayTau('messages', backend);

    const expected = offloadedOriginals(memory);
    const records = backend.records();

    expect(expected.size).toBeGreaterThan(5);
    expect(recorded).toBe(expected.size);
    expect(new Set(records.map((r) => r.metadata?.messageId))).toStrictEqual(
      expected,
    );
    expect(records.every((r) => r.source === 'compression')).toBe(true);
    expect(
      records.every(
        (r) =>
          r.metadata?.offloadId !== undefined &&
          memory.getOffloadContext()[r.metadata.offloadId] !== undefined,
      ),
    ).toBe(true);
  });

  it('should make a compressed-away fact findable in a later session', async () => {
    const backend = createEmbeddedLongTermBackend();
    const { memory } = await replayTau('messages', backend);
    const visible = memory
      .getMessages()
      .map((m) => JSON.stringify(m.content))
      .join('\n');
    // An id said in a message that was compressed away and is no longer visible.
    const hidden = backend
      .records()
      .flatMap(
        (r) => r.text.match(/\b(?:HAT\d{3}|[a-z]+_[a-z_]*\d{4,})\b/g) ?? [],
      )
      .find((id) => !visible.includes(id));
    expect(hidden).toBeDefined();
    const nextSession = createLongTermMemory({
      backend,
      owner: { userId: 'mia_li_3668' },
      mode: 'static',
    });

    const text = await nextSession.retrieve(`about ${hidden!}`);

    expect(text.split('\n')[0]).toContain(hidden);
  });

  it('should record the summaries instead in summary mode', async () => {
    const backend = createEmbeddedLongTermBackend();
    const { memory, recorded } = await replayTau('summary', backend);
    const replacementIds = memory
      .getCompressionEvents()
      .flatMap((e) => (e.type === 'compression' ? e.replacementIds : []));

    const records = backend.records();

    expect(recorded).toBeGreaterThan(0);
    expect(records.length).toBe(recorded);
    expect(
      records.every((r) => replacementIds.includes(r.metadata!.messageId!)),
    ).toBe(true);
  });

  it('should record nothing when off', async () => {
    const backend = createEmbeddedLongTermBackend();
    const { recorded, memory } = await replayTau('off', backend);

    expect(memory.getCompressionEvents().length).toBeGreaterThan(0);
    expect(recorded).toBe(0);
    expect(backend.records()).toStrictEqual([]);
  });

  it('should retry what a failing backend did not take on the next sync', async () => {
    const inner = createEmbeddedLongTermBackend();
    let failing = true;
    const backend: LongTermMemoryBackend = {
      add: async (records, options) => {
        if (failing) throw new Error('disk full');
        return inner.add(records, options);
      },
      findRecordedMessages: (request) => inner.findRecordedMessages(request),
      search: (request) => inner.search(request),
      deleteOwner: (owner) => inner.deleteOwner(owner),
    };
    const [conversation] = loadSharedConversations({
      dataset: 'tau',
      limit: 1,
    });
    const memory = createAutoContextMemory({
      sessionId: 'retry',
      counter: createApproximateTokenCounter(),
      config: { maxToken: 2000 },
    });
    await memory.addMessages(fromOpenAIMessages(conversation!.messages));
    await memory.compressIfNeeded();
    const bridge = createCompressionBridge({
      memory,
      longTerm: createLongTermMemory({
        backend,
        owner: { agentId: 'airline' },
        mode: 'static',
      }),
    });

    const error = await captureError(() => bridge.sync());
    failing = false;
    const recorded = await bridge.sync();

    expect(LongTermMemoryError.isInstance(error)).toBe(true);
    expect(recorded).toBe(offloadedOriginals(memory).size);
    expect(await bridge.sync()).toBe(0);
  });

  it('should skip compressions already in the memory with skipExisting', async () => {
    const { memory } = await replayTau('off');
    const backend = createEmbeddedLongTermBackend();
    const bridge = createCompressionBridge({
      memory,
      longTerm: createLongTermMemory({
        backend,
        owner: { agentId: 'airline' },
        mode: 'static',
      }),
      skipExisting: true,
    });

    expect(await bridge.sync()).toBe(0);
    expect(backend.records()).toStrictEqual([]);
  });

  it('should refuse a missing memory, long-term memory or an unknown mode', () => {
    const memory = createAutoContextMemory({ sessionId: 's' });
    const longTerm = createLongTermMemory({
      backend: createEmbeddedLongTermBackend(),
      owner: { userId: 'u' },
      mode: 'static',
    });
    const cases: [string, () => unknown][] = [
      [
        'memory',
        () => createCompressionBridge({ memory: {} as never, longTerm }),
      ],
      [
        'longTerm',
        () => createCompressionBridge({ memory, longTerm: {} as never }),
      ],
      [
        'record',
        () =>
          createCompressionBridge({ memory, longTerm, record: 'all' as never }),
      ],
    ];
    for (const [parameter, create] of cases) {
      let error: unknown;
      try {
        create();
      } catch (caught) {
        error = caught;
      }
      expect(InvalidArgumentError.isInstance(error)).toBe(true);
      expect((error as InvalidArgumentError).parameter).toBe(parameter);
    }
  });
});
