import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { SummarizerError } from '../../vocabulary/error/summarizer-error';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import type { Summarizer, SummaryRequest } from './summarizer';
import type { TokenCounter } from '../../state/token/token-counter';
import { renderTranscript } from '../text/render-transcript';
import { joinPartSummaries } from './join-part-summaries';
import { readSummaryResult } from './read-summary-result';
import type { RenderedGroup } from './split-span-into-groups';
import { splitSpanIntoGroups } from './split-span-into-groups';
import { validateSummary } from '../text/validate-summary';
import { raceAbort } from '../../vocabulary/util/race-abort';

/** Fewest transcript tokens a split request may carry. */
const MIN_TRANSCRIPT_TOKENS = 64;

/**
 * Tokens a transcript adds per part beyond what the counter counts for the
 * message: the block's label (`[assistant → call bash id=…] `, `[tool result
 * …]`) and the blank line before the next block.
 */
export const TRANSCRIPT_TOKENS_PER_PART = 8;

/** A span whose estimate is at most this share of the budget is sent without counting its transcript. */
const SURE_FIT_SHARE = 0.9;

/**
 * A span whose estimate is over this multiple of the budget is split without
 * counting its whole transcript: the estimate exceeds the transcript by the
 * counter's per-message and per-part overheads (a few percent on real spans),
 * so only reasoning or file parts (counted, not rendered) could make such a
 * span fit, and then its units still pack into one group.
 */
const SURE_SPLIT_FACTOR = 1.25;

export interface SummarizeSpanOptions {
  /** Sends one request. */
  readonly summarizer: Summarizer;
  /** The strategy asking, passed on in every request. */
  readonly strategy: StrategyName;
  /** The span to summarize, already filtered (plan tools) by the caller. */
  readonly messages: readonly Message[];
  /** System instructions (the strategy's resolved prompt). */
  readonly instructions: string;
  /** The rendered plan hint (`renderPlanHint`), if a plan is attached. */
  readonly planHint?: string;
  /** Character target of the final summary (current-round compression). */
  readonly targetChars?: number;
  /** Input tokens one request may carry; larger spans are summarized in groups, then joined. */
  readonly maxInputTokens: number;
  /** Counts the tokens of instructions, plan hint and transcript. */
  readonly counter: TokenCounter;
  /** Carries the caller's timeout; every call is raced against it. */
  readonly signal: AbortSignal;
  /**
   * `renderTranscript(messages)`, when the caller has already rendered it
   * (it validates the summary against it): not rendered again.
   * @default renderTranscript(messages)
   */
  readonly transcript?: string;
}

export interface SummarizeSpanResult {
  /** The summarizer's final text, unvalidated. */
  readonly text: string;
  /** Usage summed over every call (0 where a call reported none). */
  readonly usage: {
    readonly inputTokens: number;
    readonly outputTokens: number;
  };
  /** Summarizer calls made: 1, or one per group. */
  readonly calls: number;
  /** Not measured here (no clock in this function): the caller times the call. */
  readonly durationMs?: never;
}

/**
 * Summarizes a span with one request when it fits `maxInputTokens`; otherwise
 * splits it into consecutive groups under the budget (never separating a tool call
 * from its results; a unit too large on its own is rendered with shortened parts),
 * summarizes the groups in parallel, each with its share of `targetChars`, and
 * joins their summaries section by section (`joinPartSummaries`) without
 * another request: a split span costs one round trip, not a round trip per
 * merge level. Throws what the summarizer throws, the abort reason when
 * `signal` aborts (even if the summarizer ignores it), and a `SummarizerError` when a
 * reply is not `{ text: string }` (reason `invalid-result`) or a group's
 * intermediate summary is unusable. Validating the final text is the caller's job.
 */
export async function summarizeSpan(
  options: SummarizeSpanOptions,
): Promise<SummarizeSpanResult> {
  options.signal.throwIfAborted();
  // One abort listener for the whole span, however many groups it
  // sends (a listener per request piled up past Node's warning at 10).
  return raceAbort(summarizeSpanUnraced(options), options.signal);
}

async function summarizeSpanUnraced({
  summarizer,
  strategy,
  messages,
  instructions,
  planHint,
  targetChars,
  maxInputTokens,
  counter,
  signal,
  transcript = renderTranscript(messages),
}: SummarizeSpanOptions): Promise<SummarizeSpanResult> {
  signal.throwIfAborted();
  if (transcript === '') {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages.length,
      message: 'the span renders to an empty transcript',
    });
  }
  const usage = { inputTokens: 0, outputTokens: 0 };
  let calls = 0;
  const planTokens = planHint === undefined ? 0 : counter.countText(planHint);

  const call = async (request: Omit<SummaryRequest, 'signal' | 'strategy'>) => {
    calls += 1;
    // Never sent once the span is abandoned (the caller has been answered).
    signal.throwIfAborted();
    // Untrusted: a synchronous throw or a non-promise return is a failure too.
    const reply: unknown = await Promise.resolve().then(() =>
      summarizer({ ...request, signal, strategy }),
    );
    const result = readSummaryResult(reply);
    usage.inputTokens += result.inputTokens;
    usage.outputTokens += result.outputTokens;
    return result.text;
  };
  /** One request; `tokens` is the transcript's size as already known (never counted again here). */
  const request = (
    text: string,
    tokens: number,
    groupInstructions: string,
    target?: number,
  ) =>
    call({
      instructions: groupInstructions,
      transcript: text,
      ...(target === undefined ? {} : { targetChars: target }),
      ...(planHint === undefined ? {} : { planHint }),
      maxOutputTokens: outputLimit(tokens, target),
    });
  const single = async (text: string, tokens: number) => {
    const summary = await request(text, tokens, instructions, targetChars);
    return { text: summary, usage: { ...usage }, calls };
  };

  // The messages were counted when they were added: their cached counts size
  // the transcript, and a span clearly under the budget is sent as it is
  // without tokenizing it again (#13 item 5).
  const budget = maxInputTokens - counter.countText(instructions) - planTokens;
  const estimate = estimateTranscriptTokens(messages, counter);
  if (estimate <= budget * SURE_FIT_SHARE) return single(transcript, estimate);
  // Near the budget the transcript is counted exactly, as the decision needs;
  // far over it (where only reasoning, files or stripped tags could make it
  // fit) the span goes straight to its units, which are counted anyway.
  if (
    estimate <= budget * SURE_SPLIT_FACTOR ||
    budget < MIN_TRANSCRIPT_TOKENS
  ) {
    const exact = counter.countText(transcript);
    if (exact <= budget) return single(transcript, exact);
  }
  assertBudget(budget, maxInputTokens);
  // A unit clearly under the budget by its cached counts is not tokenized
  // again (a rollup of a long history holds thousands).
  const groups = splitSpanIntoGroups(messages, budget, counter, (unit) => {
    const tokens = estimateTranscriptTokens(unit, counter);
    return tokens <= budget * SURE_FIT_SHARE ? tokens : undefined;
  });
  if (groups.length === 1) {
    const only = groups[0]!;
    return single(only.text, only.tokens);
  }

  // The groups run in parallel and their summaries are joined without
  // another request (`joinPartSummaries`): a split span costs one round trip.
  const parts = await summarizeGroups(
    groups,
    instructions,
    targetChars,
    request,
  );
  return { text: joinPartSummaries(parts), usage: { ...usage }, calls };
}

/**
 * The tokens of `renderTranscript(messages)`, estimated from the counter's
 * per-message counts (cached: the memory counted every message when it was
 * added) plus `TRANSCRIPT_TOKENS_PER_PART` per part, so sizing a request never
 * tokenizes its messages again. An upper bound in practice (the transcript
 * leaves out reasoning, file data and offload tags; labels and separators
 * stay under the allowance), which is why only a span clearly under the
 * budget is sized by it alone.
 */
export function estimateTranscriptTokens(
  messages: readonly Message[],
  counter: TokenCounter,
): number {
  let tokens = 0;
  for (const message of messages) {
    tokens +=
      counter.countMessage(message) +
      TRANSCRIPT_TOKENS_PER_PART * message.content.length;
  }
  return tokens;
}

/** Fewest output tokens a request allows, so that a tiny span can still be summarized. */
const MIN_OUTPUT_TOKENS = 16;

/**
 * The output limit of one request: the transcript's tokens (a reply as long
 * as its input is rejected anyway), and with a character target about a third
 * of it in tokens plus a margin (summaries run at 3–4 characters a token).
 */
export function outputLimit(
  transcriptTokens: number,
  targetChars: number | undefined,
): number {
  const byTarget =
    targetChars === undefined
      ? Number.POSITIVE_INFINITY
      : Math.ceil(targetChars / 3) + 64;
  return Math.max(
    MIN_OUTPUT_TOKENS,
    Math.min(Math.ceil(transcriptTokens), byTarget),
  );
}

function assertBudget(budget: number, maxInputTokens: number): void {
  if (budget < MIN_TRANSCRIPT_TOKENS) {
    throw new InvalidArgumentError({
      parameter: 'maxInputTokens',
      value: maxInputTokens,
      message: `leaves fewer than ${MIN_TRANSCRIPT_TOKENS} tokens for the transcript after the instructions and the plan hint`,
    });
  }
}

async function summarizeGroups(
  groups: readonly RenderedGroup[],
  instructions: string,
  targetChars: number | undefined,
  request: (
    text: string,
    tokens: number,
    instructions: string,
    target?: number,
  ) => Promise<string>,
): Promise<string[]> {
  const totalChars = groups.reduce((sum, group) => sum + group.text.length, 0);
  return Promise.all(
    groups.map(async (group, index) => {
      const target =
        targetChars === undefined
          ? undefined
          : Math.max(
              1,
              Math.round((targetChars * group.text.length) / totalChars),
            );
      const text = await request(
        group.text,
        group.tokens,
        instructions,
        target,
      );
      const validation = validateSummary({ summary: text, input: group.text });
      if (!validation.ok) {
        throw new SummarizerError({
          reason: validation.reason,
          message: `The summary of part ${index + 1} of ${groups.length} was rejected (${validation.reason}).`,
        });
      }
      return text.trim();
    }),
  );
}
