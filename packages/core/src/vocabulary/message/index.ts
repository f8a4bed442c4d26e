export type {
  FilePart,
  Message,
  Part,
  PartType,
  ReasoningPart,
  Role,
  TextPart,
  ToolCallPart,
  ToolResultPart,
} from './message';
export { ROLES } from './message';
export type {
  AcmMarker,
  AcmMessageKind,
  IdentifierLedger,
  StrategyName,
} from './acm-marker';
export {
  STRATEGY_NAMES,
  getAcmMarker,
  isSyntheticMessage,
  withAcmMarker,
} from './acm-marker';
export {
  getMessageCharCount,
  getMessageText,
  getPartCharCount,
  getToolCalls,
  getToolResults,
  hasToolCalls,
  hasToolResults,
  stringifyToolOutput,
} from './message-text';
