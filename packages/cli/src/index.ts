export { CliError } from './cli-error';
export type { CliErrorCode } from './cli-error';
export {
  aggregateFigures,
  computeFigures,
  percentile,
  toShare,
} from './compute-figures';
export type { ComputeFiguresOptions } from './compute-figures';
export { createOpenAICompatibleSummarizer } from './create-openai-compatible-summarizer';
export type { CreateOpenAICompatibleSummarizerOptions } from './create-openai-compatible-summarizer';
export { getVisibleText } from './get-visible-text';
export { isPromptPrefix, isSameWireMessage } from './is-prompt-prefix';
export {
  collectUsedIdentifiers,
  measureIdentifierRetention,
} from './measure-identifier-retention';
export type {
  IdentifierRetention,
  MeasureIdentifierRetentionOptions,
} from './measure-identifier-retention';
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
