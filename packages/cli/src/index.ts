export { CliError } from './cli-error';
export type { CliErrorCode } from './cli-error';
export {
  aggregateFigures,
  computeFigures,
  percentile,
  toReloadDepthFigures,
  toShare,
} from './compute-figures';
export type { ComputeFiguresOptions } from './compute-figures';
export { createOpenAICompatibleSummarizer } from './create-openai-compatible-summarizer';
export type { CreateOpenAICompatibleSummarizerOptions } from './create-openai-compatible-summarizer';
export { getVisibleText } from './get-visible-text';
export { isPromptPrefix, isSameWireMessage } from './is-prompt-prefix';
export {
  collectSourceProbes,
  collectUsedProbes,
  containsProbe,
  extractProbes,
  extractValueProbes,
} from './extract-probes';
export { findProtectedMessages } from './find-protected-messages';
export type { FindProtectedMessagesOptions } from './find-protected-messages';
export {
  isIdentifierListLine,
  splitIdentifierLists,
} from './identifier-list-lines';
export type { SplitIdentifierLists } from './identifier-list-lines';
export {
  collectGroundTruthArguments,
  measureGroundTruthVisibility,
} from './measure-ground-truth';
export type {
  GroundTruthVisibility,
  MeasureGroundTruthVisibilityOptions,
} from './measure-ground-truth';
export { measureIdentifierRetention } from './measure-identifier-retention';
export type {
  IdentifierRetention,
  MeasureIdentifierRetentionOptions,
} from './measure-identifier-retention';
export { measureReloadDepth } from './measure-reload-depth';
export type {
  MeasureReloadDepthOptions,
  ReloadDepth,
} from './measure-reload-depth';
export { measureReloadExactness } from './measure-reload-exactness';
export type {
  MeasureReloadExactnessOptions,
  ReloadExactness,
} from './measure-reload-exactness';
export { parseConversations, readConversations } from './read-conversations';
export type { InputConversation } from './read-conversations';
export { simulate } from './simulate';
export type { SimulateOptions, SimulationProgress } from './simulate';
export type {
  ConversationResult,
  EventRecord,
  ReloadDepthFigures,
  Share,
  SimulationFigures,
  SimulationResult,
  StrategyFigures,
  TurnRecord,
} from './simulation-result';
export {
  formatCount,
  formatFigures,
  formatPercent,
  formatResult,
} from './format-tables';
export { renderReport } from './render-report';
export { runCli, USAGE } from './run-cli';
export type { CliIo } from './run-cli';
