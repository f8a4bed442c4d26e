/**
 * The engine's tuning numbers, in one place: what each one tunes and why it
 * has its value. They are constants, not options: `AutoContextConfig` holds
 * the knobs a caller may turn; these are the engine's own choices, measured
 * with the quality bench (`bench/quality.ts`) where a commit says so. A new
 * tuning number goes here, next to the strategy it tunes.
 *
 * The strategy barrel re-exports the ones it always exported, under the same
 * names; the others are internal.
 */

// ── The loop ────────────────────────────────────────────────────────────────

/**
 * How many times one strategy may run in one call while it keeps reducing
 * tokens (`compressionLoop`). A bound on the summarizer calls of one call: a
 * pass that still saves runs again, up to 8 times, then the walk moves on.
 */
export const MAX_PASSES_PER_STRATEGY = 8;

// ── What every strategy leaves alone (`createStrategyContext`) ─────────────

/**
 * Share of `maxToken` up to which the task and the latest user request are
 * kept verbatim (protected). A larger one may be summarized (with its reload
 * id), never cut to a preview. 0.25: the intent stays whole at any budget
 * where it leaves three quarters of the room to the work (#11 item 1,
 * docs/decisions/2026-11-25-what-ends-the-current-work.md).
 */
export const INTENT_BUDGET_SHARE = 0.25;

/**
 * Assistant turns during which a `context_reload` exchange stays protected
 * after the model called it, so that what it reloaded is read and used before
 * it can be compressed again.
 */
export const RELOAD_VISIBLE_TURNS = 3;

// ── Summaries sized to the room (`sizeSummaryToRoom` and its callers) ───────

/**
 * Share of the room a sized summary aims at: the token counts of a summary
 * and of its transcript differ a little (per-character ratios are not exact),
 * so 10 % is left for the difference.
 */
export const SUMMARY_ROOM_SHARE = 0.9;

/**
 * Tokens kept free when sizing a fold or rollup to the room: token counting is
 * per message, not additive, so a skeleton and a summary counted apart can
 * come to a few tokens more together.
 */
export const FIT_MARGIN_TOKENS = 8;

/**
 * Longest fold summary (last resort, current-round fold), as a share of the
 * transcript of what it stands for: half, so a fold always halves what it
 * replaces at the least.
 */
export const FOLD_SUMMARY_MAX_SHARE = 0.5;

/** Longest fold summary in characters: the extractive summarizer's default `maxChars`. */
export const FOLD_SUMMARY_MAX_CHARS = 4000;

// ── rollupHistory ───────────────────────────────────────────────────────────

/**
 * Blocks that stand for fewer messages are not rolled up: a summary of three
 * messages costs a summarizer call for little. 4: the reference's
 * `MIN_HISTORY_ROLLUP_MESSAGES`.
 */
export const MIN_ROLLUP_MESSAGES = 4;

/**
 * Longest rollup summary sized to the room, as a share of its transcript: 1,
 * the room decides (a rollup stands for the whole history; it was 25 % of
 * its input before, which decayed at every generation).
 */
export const ROLLUP_MAX_SHARE = 1;

/** Fewest characters a sized rollup asks for: below 200, headings and one line. */
export const ROLLUP_MIN_TARGET_CHARS = 200;

// ── compressCurrentRound's fold ─────────────────────────────────────────────

/**
 * Fewest characters a current-round fold's summary is asked for; with less
 * room the fold is left to the last resort (which can fold the history and
 * the request too). 200, as `ROLLUP_MIN_TARGET_CHARS`: below, headings and one line.
 */
export const CURRENT_ROUND_FOLD_MIN_CHARS = 200;

// ── lastResort ──────────────────────────────────────────────────────────────

/**
 * Units (whole exchanges or single messages) at the end of the conversation
 * the last resort keeps **when they fit**: with the rest folded, the working
 * messages must fit the budget, or fewer tail units are kept (down to none).
 */
export const LAST_RESORT_TAIL_UNITS = 2;

/**
 * Fewest characters a fold's summary gets; with less room the fold keeps its
 * ledger only (a summary shorter than this is mostly headings).
 */
export const LAST_RESORT_MIN_SUMMARY_CHARS = 160;

// ── clearToolUses ───────────────────────────────────────────────────────────

/**
 * Consumed exchanges at the end of the current round that are never cleared
 * (Anthropic's `keep`). 4, at most `CLEAR_KEEP_RECENT_SHARE` of the budget:
 * with the digest landing low the prompt affords them (SWE retention at 6000
 * and 14000 tokens rose with it).
 */
export const CLEAR_KEEP_RECENT_EXCHANGES = 4;

/** Share of `maxToken` the kept recent exchanges may hold at most (at least one is always kept). */
export const CLEAR_KEEP_RECENT_SHARE = 0.2;

/**
 * A tool result, a tool-call input value or an assistant text longer than
 * this (characters) is cleared: shorter ones cost less than the preview and
 * tag that would replace them.
 */
export const CLEAR_MIN_CHARS = 400;

/**
 * The call message's text is cleared only above this many characters (the
 * model's own reasoning is worth more than a tool's output).
 */
export const CLEAR_MIN_TEXT_CHARS = 400;

/** Characters of head-and-tail preview a cleared piece keeps: 100, small stubs. */
export const CLEAR_PREVIEW_CHARS = 100;

/**
 * Exchanges the current round must have had (consumed ones in working memory
 * plus those behind a `clearToolUses` digest) before a clear at the hard
 * budget may give up the recent exchanges: a coding agent's tool loop, not a
 * chat turn whose few recent results hold the facts of the request. 16: a
 * coding agent's loop has dozens; the deeper clear cost tau (chat turns) its
 * ground-truth visibility (docs/decisions/2026-11-26-clear-to-the-low-water-mark.md).
 */
export const CLEAR_DEEPEN_MIN_EXCHANGES = 16;

/**
 * Share of `maxToken` the cleared stubs of the current round may hold before
 * they are folded into one digest (see `clearToolUses`): at 10 % each rewrite
 * lands far below the budget
 * (docs/decisions/2026-11-26-cleared-exchange-digest.md).
 */
export const CLEAR_FOLD_SHARE = 0.1;

/**
 * Share of `maxToken` a digest of cleared tool calls may hold at most: 15 %,
 * so that the recent exchanges kept beside it still fit.
 */
export const CLEAR_DIGEST_SHARE = 0.15;

// ── The digest of cleared tool calls (`composeDigest`, `describeExchanges`) ──

/** Characters of a command kept on a digest line: one shell line, as a reader scans it. */
export const DIGEST_COMMAND_CHARS = 160;

/** Characters of the output line (error or first line) kept on a digest line. */
export const DIGEST_OUTPUT_CHARS = 160;

/** Names defined in an output (`def`, `class`, `function`) a digest line keeps at most. */
export const DIGEST_MAX_NAMES = 8;

/** Files a digest line names at most (from `path:line:` search hits). */
export const DIGEST_MAX_FILES = 5;

/**
 * Names a code snippet uses at most on a digest line: identifiers the model
 * reuses later were lost from its own scripts and listings without them.
 */
export const DIGEST_MAX_USED = 10;

/** Tokens of a digest's budget kept free beside its header (the joining newlines and the omitted-calls line). */
export const DIGEST_MARGIN_TOKENS = 16;
