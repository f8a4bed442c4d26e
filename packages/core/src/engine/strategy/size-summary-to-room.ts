import type { TokenCounter } from '../../state/token/token-counter';
import { NEUTRAL_OFFLOAD_ID } from '../../state/token/neutral-offload-id';
import { SUMMARY_ROOM_SHARE } from './tuning';

/**
 * The offload id summaries are measured with before their ids exist: what a
 * memory counts every id it mints as (`NEUTRAL_OFFLOAD_ID`), so that a draft
 * counts what its applied edit will, and sizing decisions do not depend on
 * the session id or the random ids.
 */
export const DRAFT_OFFLOAD_ID = NEUTRAL_OFFLOAD_ID;

export interface SizeSummaryToRoomOptions {
  /** Tokens the summary may take (the prompt's room under the budget, skeleton excluded). */
  readonly roomTokens: number;
  /** The transcript the summary is made from (its characters per token convert the room). */
  readonly transcript: string;
  /**
   * The transcript's tokens when the caller has counted them already (else
   * counted here; a long transcript by a sample, see `sampleCharsPerToken`).
   */
  readonly transcriptTokens?: number;
  readonly counter: TokenCounter;
  /** Longest summary, as a share of the transcript. */
  readonly maxShare: number;
  /** Longest summary in characters. */
  readonly maxChars: number;
}

/**
 * Characters a summary may have so that it fits `roomTokens`: the room
 * converted with the transcript's own characters-per-token ratio (ids and
 * JSON count more tokens per character than prose), at most `maxShare` of the
 * transcript and `maxChars`, never below 0. Pure.
 */
export function sizeSummaryToRoom({
  roomTokens,
  transcript,
  transcriptTokens,
  counter,
  maxShare,
  maxChars,
}: SizeSummaryToRoomOptions): number {
  if (roomTokens <= 0 || transcript === '') return 0;
  const charsPerToken =
    transcriptTokens === undefined
      ? sampleCharsPerToken(transcript, counter)
      : transcript.length / Math.max(1, transcriptTokens);
  return Math.max(
    0,
    Math.min(
      Math.floor(roomTokens * charsPerToken * SUMMARY_ROOM_SHARE),
      Math.ceil(transcript.length * maxShare),
      maxChars,
    ),
  );
}

/**
 * The tokens of `transcript` as sizing reads them: counted whole up to
 * `WHOLE_COUNT_MAX_CHARS`, beyond that its length over the ratio of
 * `sampleCharsPerToken` (so that a fold of the whole history costs the same
 * to weigh as a short one). Pure: the same transcript, the same count.
 */
export function estimateSizingTokens(
  transcript: string,
  counter: TokenCounter,
): number {
  if (transcript.length <= WHOLE_COUNT_MAX_CHARS)
    return counter.countText(transcript);
  return Math.ceil(
    transcript.length / sampleCharsPerToken(transcript, counter),
  );
}

/** Transcripts up to this many characters are counted whole for their ratio. */
const WHOLE_COUNT_MAX_CHARS = 16_384;

/** Windows of a longer transcript counted for its ratio, and their length. */
const SAMPLE_WINDOWS = 8;
const SAMPLE_WINDOW_CHARS = 2048;

/**
 * Characters per token of `transcript`: counted whole up to
 * `WHOLE_COUNT_MAX_CHARS`; beyond, from `SAMPLE_WINDOWS` windows spread
 * evenly over it (16 K characters in all), so that sizing a summary of a
 * long history costs the same as sizing a short one instead of tokenizing
 * the whole history on every pass. Pure: the same transcript, the same ratio.
 */
function sampleCharsPerToken(
  transcript: string,
  counter: TokenCounter,
): number {
  if (transcript.length <= WHOLE_COUNT_MAX_CHARS)
    return transcript.length / Math.max(1, counter.countText(transcript));
  const step = (transcript.length - SAMPLE_WINDOW_CHARS) / (SAMPLE_WINDOWS - 1);
  let chars = 0;
  let tokens = 0;
  for (let window = 0; window < SAMPLE_WINDOWS; window += 1) {
    const start = Math.floor(window * step);
    const text = transcript.slice(start, start + SAMPLE_WINDOW_CHARS);
    chars += text.length;
    tokens += counter.countText(text);
  }
  return chars / Math.max(1, tokens);
}
