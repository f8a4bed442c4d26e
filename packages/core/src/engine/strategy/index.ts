export type {
  CompressionPlan,
  CompressionPressure,
  PlannedEdit,
  Strategy,
  StrategyContext,
  SummaryPlacement,
  SummaryTask,
} from './compression-plan';
export { clearToolUses } from './clear-tool-uses';
export { compressCurrentRound } from './compress-current-round';
export { BELOW_TOKEN_THRESHOLD, compressToolRuns } from './compress-tool-runs';
export {
  countIntentFoldReserve,
  createStrategyContext,
  isPinnedMessage,
} from './create-strategy-context';
export type { CreateStrategyContextOptions } from './create-strategy-context';
export { DEFAULT_STRATEGY_ORDER, STRATEGIES } from './default-strategy-order';
export type { StrategyDescriptor } from '../../vocabulary/config/strategy-descriptors';
export {
  getStrategyDescriptor,
  isLlmStrategy,
  LLM_STRATEGY_NAMES,
  STRATEGY_DESCRIPTORS,
} from '../../vocabulary/config/strategy-descriptors';
export { lastResort } from './last-resort';
export { LAST_RESORT_USER_TEXT } from './last-resort-fold';
export { offloadLargeMessages } from './offload-large-messages';
export { renderReplacement } from './render-replacement';
export { offloadLargeMessagesProtected } from './offload-large-messages-protected';
export { ROLLUP_USER_TEXT } from './plan-rollup';
export { rollupHistory } from './rollup-history';
export { summarizeLargeCurrentMessages } from './summarize-large-current-messages';
export { HAS_PROTECTED_MESSAGE, summarizeRounds } from './summarize-rounds';
export {
  CLEAR_KEEP_RECENT_EXCHANGES,
  CLEAR_KEEP_RECENT_SHARE,
  CLEAR_MIN_CHARS,
  CLEAR_MIN_TEXT_CHARS,
  CLEAR_PREVIEW_CHARS,
  INTENT_BUDGET_SHARE,
  LAST_RESORT_TAIL_UNITS,
  MIN_ROLLUP_MESSAGES,
  RELOAD_VISIBLE_TURNS,
} from './tuning';
