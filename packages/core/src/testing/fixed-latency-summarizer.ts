import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import type {
  Summarizer,
  SummaryRequest,
  SummaryResult,
} from '../summary/summarizer/summarizer';
import { abortableDelay } from './abortable-delay';
import { plausibleUsage } from './plausible-usage';

export interface FixedLatencySummarizerOptions {
  /** Real milliseconds (`setTimeout`) every call waits before answering. */
  readonly latencyMs: number;
  /**
   * The summary: a fixed text, or a function of the request.
   * @default a deterministic digest of the transcript (its length and head),
   * at most a quarter of the transcript's length and at most 240 characters
   */
  readonly text?: string | ((request: SummaryRequest) => string);
}

/** A {@link Summarizer} for benchmarks, with a call counter. */
export interface FixedLatencySummarizer extends Summarizer {
  /** Calls received so far. */
  readonly callCount: number;
}

/**
 * A summarizer for benchmarks: waits `latencyMs` of real time, then answers
 * with a short deterministic summary. It honours the request's signal: an abort
 * during the wait (or before the call) rejects with `signal.reason`.
 *
 * @throws {InvalidArgumentError} when `latencyMs` is not a finite number ≥ 0.
 */
export function fixedLatencySummarizer({
  latencyMs,
  text = digestTranscript,
}: FixedLatencySummarizerOptions): FixedLatencySummarizer {
  if (
    typeof latencyMs !== 'number' ||
    !Number.isFinite(latencyMs) ||
    latencyMs < 0
  ) {
    throw new InvalidArgumentError({
      parameter: 'latencyMs',
      value: latencyMs,
      message: 'must be a finite number of milliseconds, 0 or more',
    });
  }
  let callCount = 0;
  const summarizer = async (
    request: SummaryRequest,
  ): Promise<SummaryResult> => {
    callCount += 1;
    await abortableDelay(latencyMs, request.signal);
    const summary = typeof text === 'function' ? text(request) : text;
    return { text: summary, usage: plausibleUsage(request, summary) };
  };
  return Object.defineProperty(summarizer, 'callCount', {
    get: () => callCount,
    enumerable: true,
  }) as FixedLatencySummarizer;
}

const MAX_DIGEST_CHARS = 240;

/**
 * `Summary of N characters: <head of the transcript>`, cut to at most a quarter
 * of the transcript (and 240 characters), so it is always shorter than its input
 * once the transcript has 4 characters or more.
 */
function digestTranscript({ transcript }: SummaryRequest): string {
  const budget = Math.min(MAX_DIGEST_CHARS, Math.floor(transcript.length / 4));
  const label = `Summary of ${transcript.length} characters: `;
  if (budget <= label.length + 8)
    return sliceWhole(transcript, Math.max(1, budget));
  const head = transcript.slice(0, budget - label.length).replace(/\s+/g, ' ');
  return sliceWhole(`${label}${head}`, budget);
}

/** The first `length` UTF-16 units of `text`, one fewer if that would split a surrogate pair. */
function sliceWhole(text: string, length: number): string {
  const last = text.charCodeAt(length - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? length - 1 : length;
  return text.slice(0, end);
}
