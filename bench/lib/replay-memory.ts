import {
  AutoContextMemory,
  createExtractiveSummarizer,
  createTiktokenTokenCounter,
} from '@acm/core';
import type { Summarizer, TokenCounter } from '@acm/core';
import { loadTiktokenEncoder } from '@acm/core/internal';

/** One o200k encoder for the whole script (loaded on first use). */
let encoder: ReturnType<typeof loadTiktokenEncoder> | undefined;

/**
 * A memory for replaying one shared conversation in a diagnosis script, as
 * `bench/quality.ts` measures: default config except `maxToken`, the
 * extractive summarizer (or `summarizer`), a fixed clock and sequential ids
 * (a rerun prints the same prompts), its own counter on the script's one
 * o200k encoder (returned too, for the script's own counts).
 */
export function createReplayMemory({
  sessionId,
  maxToken,
  summarizer = createExtractiveSummarizer(),
}: {
  readonly sessionId: string;
  readonly maxToken: number;
  readonly summarizer?: Summarizer;
}): { readonly memory: AutoContextMemory; readonly counter: TokenCounter } {
  encoder ??= loadTiktokenEncoder('o200k_base');
  const loaded = encoder;
  let sequence = 0;
  const counter = createTiktokenTokenCounter({ loadEncoder: () => loaded });
  const memory = new AutoContextMemory({
    sessionId,
    config: { maxToken },
    summarizer,
    counter,
    clock: { now: () => 0 },
    generateId: () => (sequence++).toString(36).padStart(6, '0'),
  });
  return { memory, counter };
}
