export { DEFAULT_PROMPTS } from './default-prompts';
export type { RenderedSummaryRequest } from './render-summary-request';
export {
  TRANSCRIPT_END_MARKER,
  renderSummaryRequest,
} from './render-summary-request';
export { resolvePrompt } from './resolve-prompt';
