import type { AutoContextConfig } from '../../vocabulary/config/config';
import { STRATEGY_DESCRIPTORS } from '../../vocabulary/config/strategy-descriptors';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import { getMessageCharCount } from '../../vocabulary/message/message-text';
import type { TokenCounter } from '../../state/token/token-counter';
import type { CompressionPlan } from '../strategy/compression-plan';
import type { TriggerCheck } from '../trigger/check-trigger';

/** Strategies that rewrite the current round (from the strategy descriptors). */
export const CURRENT_ROUND_STRATEGIES: ReadonlySet<StrategyName> = new Set(
  STRATEGY_DESCRIPTORS.flatMap((descriptor) =>
    descriptor.currentRound ? [descriptor.name] : [],
  ),
);

/**
 * Cache awareness: below the hard budget, a current-round pass must be worth
 * the rewrite of messages the provider has cached. With clearToolUses on, the
 * current round is left to the clearing until the hard budget: LLM summaries
 * only where clearing is not enough (#11 item 4,
 * docs/decisions/2026-11-25-clearing-path-and-default-mode.md). Once a pass
 * of this call has applied, the cached prefix is rewritten this turn anyway:
 * a current-round pass then runs now rather than cost a rewrite of its own on
 * a later turn (docs/decisions/2026-11-26-clear-to-the-low-water-mark.md).
 */
export function isPassDeferred(
  name: StrategyName,
  plan: CompressionPlan,
  progress: {
    /** Whether a pass of this call applied edits. */
    readonly applied: boolean;
    /** The trigger check of the working messages. */
    readonly trigger: TriggerCheck;
  },
  config: AutoContextConfig,
  counter: TokenCounter,
): boolean {
  return (
    CURRENT_ROUND_STRATEGIES.has(name) &&
    !progress.applied &&
    progress.trigger.tokenCount < config.maxToken &&
    config.minCurrentRoundSavingsRatio > 0 &&
    ((config.strategies.clearToolUses && config.mode !== 'compress') ||
      estimateSavings(plan, counter, config) <
        config.maxToken * config.minCurrentRoundSavingsRatio)
  );
}

/**
 * Tokens a plan is expected to save: each summary task is assumed to shrink
 * its span to its character target (or to `currentRoundCompressionRatio`).
 */
function estimateSavings(
  plan: CompressionPlan,
  counter: TokenCounter,
  config: AutoContextConfig,
): number {
  let savings = 0;
  for (const task of plan.tasks) {
    const tokens = counter.countMessages(task.messages);
    let chars = 0;
    for (const message of task.messages) chars += getMessageCharCount(message);
    const keptRatio =
      task.targetChars === undefined || chars === 0
        ? config.currentRoundCompressionRatio
        : Math.min(1, task.targetChars / chars);
    savings += tokens * (1 - keptRatio);
  }
  return savings;
}
