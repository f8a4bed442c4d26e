import {
  AutoContextMemory,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
} from '@acm/core';
import type { Clock, Summarizer, TokenCounter } from '@acm/core';
import { loadTiktokenEncoder } from '@acm/core/internal';

/** One o200k encoder for the whole script (loaded on first use). */
let encoder: ReturnType<typeof loadTiktokenEncoder> | undefined;

/** The clock of a replay: always 0, so that a rerun gives the same prompts. */
export const replayClock: Clock = { now: () => 0 };

/**
 * An exact o200k counter (the CLI's default) on the script's one encoder,
 * with a cache of its own.
 */
export function createReplayCounter(): TokenCounter {
  encoder ??= loadTiktokenEncoder('o200k_base');
  const loaded = encoder;
  return createTiktokenTokenCounter({ loadEncoder: () => loaded });
}

/**
 * A memory for replaying one shared conversation, as
 * `bench/quality/quality.ts` measures: default config except `maxToken`, the
 * extractive summarizer (or `summarizer`), the fixed {@link replayClock} and sequential ids of
 * six characters (`idPrefix`, then the sequence in base 36), so that a rerun
 * gives the same prompts; its own {@link createReplayCounter} (returned too,
 * for the script's own counts).
 */
export function createReplayMemory({
  sessionId,
  maxToken,
  idPrefix = '',
  summarizer = createExtractiveSummarizer(),
}: {
  readonly sessionId: string;
  readonly maxToken: number;
  /** @default '' */
  readonly idPrefix?: string;
  /** @default createExtractiveSummarizer() */
  readonly summarizer?: Summarizer;
}): { readonly memory: AutoContextMemory; readonly counter: TokenCounter } {
  let sequence = 0;
  const counter = createReplayCounter();
  const memory = new AutoContextMemory({
    sessionId,
    config: { maxToken },
    summarizer,
    counter,
    clock: replayClock,
    generateId: () =>
      `${idPrefix}${(sequence++).toString(36).padStart(6 - idPrefix.length, '0')}`,
  });
  return { memory, counter };
}
