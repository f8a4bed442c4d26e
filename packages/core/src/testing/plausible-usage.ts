import type {
  SummarizerUsage,
  SummaryRequest,
} from '../summary/summarizer/summarizer';

/**
 * Usage a real provider would plausibly report: about 4 characters a token for
 * the input (instructions + transcript) and for the output text. Internal to
 * the testing kit.
 */
export function plausibleUsage(
  request: SummaryRequest,
  text: string,
): SummarizerUsage {
  return {
    inputTokens: Math.ceil(
      (request.instructions.length + request.transcript.length) / 4,
    ),
    outputTokens: Math.ceil(text.length / 4),
  };
}
