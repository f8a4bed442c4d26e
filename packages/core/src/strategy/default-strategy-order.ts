import { STRATEGY_NAMES } from '../message/acm-marker';
import type { StrategyName } from '../message/acm-marker';
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
 * `STRATEGY_NAMES`), cheapest and oldest first. `lastResort` is not in it: the
 * engine runs it only when the context is still over the hard budget after
 * these.
 */
export const DEFAULT_STRATEGY_ORDER: readonly StrategyName[] =
  STRATEGY_NAMES.filter((name) => name !== 'lastResort');

/** Every strategy by name, `lastResort` included. */
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
