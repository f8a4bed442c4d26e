import { wrapPlanHint } from '../plan/wrap-plan-hint';
import type { SummaryRequest } from '../../summary/summarizer/summarizer';

/** The sentence that closes the transcript in every request. */
export const TRANSCRIPT_END_MARKER =
  'Above is the conversation span to rewrite.';

/** A summary request as the two messages a chat model receives. */
export interface RenderedSummaryRequest {
  /** The system message: the strategy's instructions. */
  readonly system: string;
  /** The single user message: transcript, end marker, length target, plan hint last. */
  readonly user: string;
}

/**
 * Turns a `SummaryRequest` into a system message and one user message, for
 * summarizers built on a chat model (providers reject the reference's raw tool
 * blocks and consecutive user messages). The user message is the transcript, then
 * `TRANSCRIPT_END_MARKER`, then the length target when `targetChars` is set, then
 * the plan hint in `<plan_aware_hint>` (last, for recency, as the reference does).
 */
export function renderSummaryRequest(
  request: Pick<
    SummaryRequest,
    'instructions' | 'transcript' | 'targetChars' | 'planHint'
  >,
): RenderedSummaryRequest {
  const sections = [request.transcript, TRANSCRIPT_END_MARKER];
  if (request.targetChars !== undefined) {
    const originalChars = request.transcript.length;
    const percent =
      originalChars === 0
        ? 100
        : Math.round((request.targetChars / originalChars) * 100);
    sections.push(
      `The span above is about ${originalChars} characters long. Write about ${request.targetChars} characters (${percent} % of it); this length is a strict target.`,
    );
  }
  if (request.planHint !== undefined && request.planHint.trim() !== '') {
    sections.push(wrapPlanHint(request.planHint));
  }
  return { system: request.instructions, user: sections.join('\n\n') };
}
