import { describe, expect, it } from 'vitest';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { resolveConfig } from '../../vocabulary/config/resolve-config';
import { appendMessages } from '../../state/context-state/append-messages';
import { createContextState } from '../../state/context-state/create-context-state';
import type { ContextState } from '../../state/context-state/context-state';
import { checkStateContract } from '../../state/contract/check-state-contract';
import { createApproximateTokenCounter } from '../../state/token/create-approximate-token-counter';
import type { Summarizer } from '../../summary/summarizer/summarizer';
import { renderTranscript } from '../../summary/text/render-transcript';
import { runCompression } from '../../memory/compression/run-compression';
import { AutoContextMemory } from '../../memory/facade/auto-context-memory';
import { fixedClock } from '../../testing/fixed-clock';
import { loadSharedConversationsAsCore } from '../../testing/load-shared-conversations-as-core';
import { sequentialIds } from '../../testing/sequential-ids';

/** `count` messages of the shared runs of `dataset`, concatenated into one session (one system prompt, ids prefixed per run). */
function concatenate(dataset: 'swe' | 'tau', count: number): Message[] {
  const messages: Message[] = [];
  for (const [index, run] of loadSharedConversationsAsCore({
    dataset,
  }).entries()) {
    for (const message of run.messages) {
      if (message.role === 'system' && messages.length > 0) continue;
      messages.push({
        ...message,
        id: `r${index}-${message.id}`,
        content: message.content.map((part) =>
          part.type === 'tool-call' || part.type === 'tool-result'
            ? { ...part, toolCallId: `r${index}-${part.toolCallId}` }
            : part,
        ),
      });
      if (messages.length === count) return messages;
    }
  }
  return messages;
}

/**
 * Replays `messages` turn by turn (compression before each assistant
 * message) with an LLM-like summarizer that writes a short text of its own
 * (no words of the transcript) and records every transcript; counts how often
 * each original was sent whole (its rendering is a part of the transcript:
 * rendering is concatenative). A message a summary keeps in working memory
 * (the user message of a summarized round) may be read again by the next
 * summary of the history: at most twice.
 */
async function countReads(
  messages: readonly Message[],
  maxToken: number,
  summarizer: Pick<Summarizer, 'readOriginalsUpTo'> = {},
): Promise<{ reads: number[]; inputChars: number; state: ContextState }> {
  const transcripts: string[] = [];
  const recording = Object.assign(({ transcript }: { transcript: string }) => {
    transcripts.push(transcript);
    return Promise.resolve({ text: `Summary ${transcripts.length}.` });
  }, summarizer);
  const config = resolveConfig({ maxToken });
  const counter = createApproximateTokenCounter();
  const generateId = sequentialIds('acm');
  let state = createContextState({ sessionId: 'long' });
  for (const message of messages) {
    if (message.role === 'assistant') {
      state = (
        await runCompression({
          state,
          config,
          counter,
          summarizer: recording,
          clock: fixedClock(0),
          generateId,
        })
      ).state;
    }
    state = appendMessages(state, [message]);
  }
  // Messages whose rendering another message shares ("Change of plan.")
  // cannot be told apart: they are left out.
  const renderings = messages.map((message) => renderTranscript([message]));
  const unique = renderings.filter(
    (rendered) =>
      renderings.indexOf(rendered) === renderings.lastIndexOf(rendered),
  );
  const reads = unique.map(
    (rendered) =>
      transcripts.filter((transcript) => transcript.includes(rendered)).length,
  );
  return {
    reads,
    inputChars: transcripts.reduce((sum, text) => sum + text.length, 0),
    state,
  };
}

describe('collectSummaryInput (a long session replayed)', () => {
  it('should send each original to an LLM summarizer about once over a long chat', async () => {
    const messages = concatenate('tau', 600);

    const { reads, inputChars, state } = await countReads(messages, 6000);

    expect(Math.max(...reads)).toBeLessThanOrEqual(2);
    expect(reads.filter((count) => count > 1).length).toBeLessThan(
      reads.length / 20,
    );
    // Rollups happened, reading the earlier summary, not its originals.
    expect(reads.filter((count) => count === 1).length).toBeGreaterThan(300);
    expect(inputChars).toBeLessThan(1.5 * renderTranscript(messages).length);
    expect(checkStateContract({ after: state })).toEqual([]);
  }, 120_000);

  it('should send each original to an LLM summarizer about once over concatenated coding runs', async () => {
    const messages = concatenate('swe', 500);

    const { reads, inputChars } = await countReads(messages, 6000);

    expect(Math.max(...reads)).toBeLessThanOrEqual(2);
    expect(reads.filter((count) => count > 1).length).toBeLessThan(
      reads.length / 20,
    );
    expect(inputChars).toBeLessThan(1.5 * renderTranscript(messages).length);
  }, 120_000);

  it('should read the originals again for a summarizer that asks for it, up to its length', async () => {
    const messages = concatenate('tau', 300);

    const { reads } = await countReads(messages, 6000, {
      readOriginalsUpTo: 1_000_000,
    });

    expect(Math.max(...reads)).toBeGreaterThan(3);
  }, 120_000);

  it('should write the working summary again from all its originals once on compressIfNeeded({ force, resummarize })', async () => {
    const messages = concatenate('tau', 300);
    const transcripts: string[] = [];
    const memory = new AutoContextMemory({
      sessionId: 'long',
      config: { maxToken: 6000 },
      summarizer: ({ transcript }) => {
        transcripts.push(transcript);
        return Promise.resolve({ text: `Summary ${transcripts.length}.` });
      },
      counter: createApproximateTokenCounter(),
      clock: fixedClock(0),
      generateId: sequentialIds('acm'),
    });
    for (const message of messages) {
      if (message.role === 'assistant') await memory.compressIfNeeded();
      await memory.addMessage(message);
    }
    // The originals behind the latest working summary (the history since
    // the last protected task of the concatenated runs).
    const state = memory.getState();
    const latest = [...state.working]
      .reverse()
      .find(
        (message) =>
          message.role === 'assistant' &&
          getAcmMarker(message)?.kind === 'rollup',
      )!;
    const behind = state.offloads[getAcmMarker(latest)!.offloadId!]!.map(
      (message) => renderTranscript([message]),
    );
    const readingAll = (from: number) =>
      transcripts
        .slice(from)
        .filter((transcript) =>
          behind.every((rendered) => transcript.includes(rendered)),
        ).length;
    expect(behind.length).toBeGreaterThan(4);
    // At most once so far: when they were new.
    expect(readingAll(0)).toBeLessThanOrEqual(1);

    const before = transcripts.length;
    const result = await memory.compressIfNeeded({
      force: true,
      resummarize: true,
    });

    expect(result.applied).toBe(true);
    expect(readingAll(before)).toBe(1);
    const after = transcripts.length;
    await memory.compressIfNeeded({ force: true });
    expect(readingAll(after)).toBe(0);
  }, 120_000);
});
