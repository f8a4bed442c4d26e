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
  /** The transcript's tokens when the caller has counted them already (else counted here). */
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
    transcript.length /
    Math.max(1, transcriptTokens ?? counter.countText(transcript));
  return Math.max(
    0,
    Math.min(
      Math.floor(roomTokens * charsPerToken * SUMMARY_ROOM_SHARE),
      Math.ceil(transcript.length * maxShare),
      maxChars,
    ),
  );
}
