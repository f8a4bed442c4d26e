export type {
  CompressionPlan,
  CompressionPressure,
  PlannedEdit,
  Strategy,
  StrategyContext,
  SummaryTask,
} from './compression-plan';
export { compressCurrentRound } from './compress-current-round';
export { BELOW_TOKEN_THRESHOLD, compressToolRuns } from './compress-tool-runs';
export {
  createStrategyContext,
  isPinnedMessage,
} from './create-strategy-context';
export type { CreateStrategyContextOptions } from './create-strategy-context';
export { DEFAULT_STRATEGY_ORDER, STRATEGIES } from './default-strategy-order';
export {
  LAST_RESORT_TAIL_UNITS,
  LAST_RESORT_USER_TEXT,
  lastResort,
} from './last-resort';
export { offloadLargeMessages } from './offload-large-messages';
export { offloadLargeMessagesProtected } from './offload-large-messages-protected';
export {
  MIN_ROLLUP_MESSAGES,
  ROLLUP_USER_TEXT,
  rollupHistory,
} from './rollup-history';
export { summarizeLargeCurrentMessages } from './summarize-large-current-messages';
export { HAS_PROTECTED_MESSAGE, summarizeRounds } from './summarize-rounds';
