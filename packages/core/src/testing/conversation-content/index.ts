/**
 * Content pools and deterministic generators behind `conversationArbitrary`.
 * fast-check draws small integers (the structure); these functions turn each
 * integer into realistic text and JSON with a seeded PRNG, so that the same
 * draw always gives the same conversation and shrinking still works.
 * Internal to the testing kit.
 */
export { UNICODE_SNIPPETS } from './content-vocabulary';
export { between, createRandom, pick, shuffle } from './create-random';
export type { Random } from './create-random';
export type { GeneratedCall } from './generated-call';
export { largeJson, largeText, largeUserText } from './large-payloads';
export {
  finalAnswerText,
  preambleText,
  reasoningMetadata,
  reasoningText,
  reminderText,
  sentences,
  systemPromptText,
  userText,
} from './message-texts';
export { NORMAL_TOOL_NAMES, normalCall } from './normal-tool-calls';
export type { OutputKind } from './normal-tool-calls';
export { PLAN_TOOL_NAMES, planCall } from './plan-tool-calls';
export type { PlanToolName } from './plan-tool-calls';
export { TOOL_NAMES } from './tool-names';
