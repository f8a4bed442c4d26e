import { STRATEGY_DESCRIPTORS } from '../../vocabulary/config/strategy-descriptors';
import type { StrategyName } from '../../vocabulary/config/strategy-descriptors';
import { clearToolUses } from './clear-tool-uses';
import type { Strategy } from './compression-plan';
import { compressCurrentRound } from './compress-current-round';
import { compressToolRuns } from './compress-tool-runs';
import { lastResort } from './last-resort';
import { offloadLargeMessages } from './offload-large-messages';
import { offloadLargeMessagesProtected } from './offload-large-messages-protected';
import { rollupHistory } from './rollup-history';
import { summarizeLargeCurrentMessages } from './summarize-large-current-messages';
import { summarizeRounds } from './summarize-rounds';

/**
 * The strategies in their default order (DESIGN §3.6, the order of
 * `STRATEGY_DESCRIPTORS`), cheapest and oldest first. `lastResort` is not in
 * it (its phase is `'hard-budget'`): the engine runs it only when the context
 * is still over the hard budget after these.
 */
export const DEFAULT_STRATEGY_ORDER: readonly StrategyName[] =
  STRATEGY_DESCRIPTORS.flatMap((descriptor) =>
    descriptor.phase === 'walk' ? [descriptor.name] : [],
  );

/**
 * The planner of every strategy descriptor, by name, `lastResort` included
 * (a descriptor without a planner does not compile).
 */
export const STRATEGIES: Readonly<Record<StrategyName, Strategy>> = {
  rollupHistory,
  compressToolRuns,
  offloadLargeMessagesProtected,
  offloadLargeMessages,
  clearToolUses,
  summarizeRounds,
  summarizeLargeCurrentMessages,
  compressCurrentRound,
  lastResort,
};
