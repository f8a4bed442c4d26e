import type { Message } from '../../vocabulary/message/message';
import type { ContextState } from '../../state/context-state/context-state';
import type { TokenCounter } from '../../state/token/token-counter';
import type {
  CompressionPlan,
  PlannedEdit,
} from '../strategy/compression-plan';
import { renderReplacement } from '../strategy/render-replacement';
import { pickSummaries } from './pick-summaries';

/** The edits worth applying, each with its rendered replacement. */
export interface WorthwhileEdits {
  readonly edits: readonly PlannedEdit[];
  readonly replacements: readonly (readonly Message[])[];
}

/**
 * Step 3, validate: renders every edit once and keeps those that pay for the
 * cache rewrite they cause: the replacement (summary + ledger + tag) is
 * smaller than the span or, under message-count pressure, has fewer messages.
 * `requested`: the caller asked for the rewrite (an explicit re-summary):
 * every edit is kept.
 */
export function validatePass(
  plan: CompressionPlan,
  summaries: Readonly<Record<string, string>>,
  state: ContextState,
  counter: TokenCounter,
  countPressure: boolean,
  requested = false,
): WorthwhileEdits {
  const edits: PlannedEdit[] = [];
  const replacements: (readonly Message[])[] = [];
  for (const edit of plan.edits) {
    const replacement = renderReplacement(
      edit,
      pickSummaries(summaries, edit.taskKeys),
    );
    const span = state.working.slice(edit.range.start, edit.range.end);
    if (
      requested ||
      counter.countMessages(replacement) < counter.countMessages(span) ||
      (countPressure && replacement.length < span.length)
    ) {
      edits.push(edit);
      replacements.push(replacement);
    }
  }
  return { edits, replacements };
}
