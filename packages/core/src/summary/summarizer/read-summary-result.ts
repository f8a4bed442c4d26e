import { SummarizerError } from '../../vocabulary/error/summarizer-error';
import { describeValue } from '../../vocabulary/util/describe-value';
import type { DescribeValueOptions } from '../../vocabulary/util/describe-value';

/** How a summarizer error names what it resolved with: `a bare string (…)`, `number 42`, `undefined`. */
const SUMMARIZER_WORDING: DescribeValueOptions = {
  undefinedAs: 'undefined',
  string: 'a-bare-string',
  scalar: 'type-and-value',
  other: 'a-type',
};

/** A summarizer reply that passed the shape check. */
export interface ReadSummaryResult {
  readonly text: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * Reads what a summarizer resolved with, trusting nothing: it must be an object
 * whose `text` is a string. Anything else (a bare string, `null`, `{}`,
 * `{ text: null }`, `{ text: 42 }`) throws a `SummarizerError` with reason
 * `invalid-result`, so the pass fails (or falls back) like for any other
 * summarizer failure instead of crashing later with a `TypeError`. Usage
 * figures that are not finite non-negative numbers count as 0. Reads each
 * property once (a getter cannot answer twice).
 */
export function readSummaryResult(result: unknown): ReadSummaryResult {
  if (result === null || typeof result !== 'object') {
    throw invalid(
      `resolved with ${describeValue(result, SUMMARIZER_WORDING)} instead of { text: string }`,
    );
  }
  let text: unknown;
  let usage: unknown;
  try {
    const record = result as Record<string, unknown>;
    text = record['text'];
    usage = record['usage'];
  } catch (error) {
    throw invalid(
      'resolved with an object whose properties cannot be read',
      error,
    );
  }
  if (typeof text !== 'string') {
    throw invalid(
      `resolved with text ${describeValue(text, SUMMARIZER_WORDING)} instead of a string`,
    );
  }
  return {
    text,
    inputTokens: readCount(usage, 'inputTokens'),
    outputTokens: readCount(usage, 'outputTokens'),
  };
}

function readCount(usage: unknown, key: string): number {
  if (usage === null || typeof usage !== 'object') return 0;
  let value: unknown;
  try {
    value = (usage as Record<string, unknown>)[key];
  } catch {
    return 0;
  }
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : 0;
}

function invalid(detail: string, cause?: unknown): SummarizerError {
  return new SummarizerError({
    reason: 'invalid-result',
    message: `The summarizer ${detail}.`,
    ...(cause === undefined ? {} : { cause }),
  });
}
