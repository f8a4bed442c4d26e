import type {
  CompressionEvent,
  SummarizerCost,
} from '../../vocabulary/event/compression-event';
import type { ContextState } from '../../state/context-state/context-state';
import type { CompressionPlan } from '../strategy/compression-plan';
import type { TriggerCheck } from '../trigger/check-trigger';
import { applyPlan } from './apply-plan';
import { checkLoopTrigger } from './check-loop-trigger';
import type { CompressionLoopOptions } from './compression-loop';
import type { WorthwhileEdits } from './validate-pass';

/**
 * Step 4, commit: applies the worthwhile edits at once (`applyPlan`, with
 * the replacements rendered in step 3) and re-checks the trigger.
 */
export function commitPass(
  plan: CompressionPlan,
  worthwhile: WorthwhileEdits,
  summaries: Readonly<Record<string, string>>,
  costs: Readonly<Record<string, SummarizerCost>>,
  options: CompressionLoopOptions,
  state: ContextState,
): {
  readonly state: ContextState;
  readonly trigger: TriggerCheck;
  readonly events: readonly CompressionEvent[];
} {
  const next = applyPlan({
    state,
    plan:
      worthwhile.edits.length === plan.edits.length
        ? plan
        : { ...plan, edits: worthwhile.edits },
    summaries,
    replacements: worthwhile.replacements,
    costs,
    clock: options.clock,
    counter: options.counter,
  });
  return {
    state: next,
    trigger: checkLoopTrigger(next, options),
    events: next.events.slice(state.events.length),
  };
}
