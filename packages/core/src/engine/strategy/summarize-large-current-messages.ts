import { PLAN_TOOL_NAMES } from '../plan/plan-tool-names';
import { resolvePrompt } from '../prompt/resolve-prompt';
import type { Strategy } from './compression-plan';
import { INTENT_BUDGET_SHARE } from './tuning';
import { planPieceEdits } from './plan-piece-edits';

/**
 * Summarizes large consumed messages of the current round (the reference's S5),
 * keeping tool structure and ids. Only under token pressure: message-count
 * pressure alone never touches the current round (PR #1514).
 *
 * Selection: the task and the latest user request when they are larger than
 * `maxToken × INTENT_BUDGET_SHARE` (a real summary plus the reload id, never a
 * preview; marked `request-summary`), and messages after the current round's user message and before the
 * last assistant message (so consumed; the in-flight exchange is excluded too),
 * not system, not protected, not synthetic (ACM output or injected). Large means:
 * a tool-result part whose output has more than `largePayloadThreshold`
 * characters (each part judged alone; results of plan tools stay, as plan
 * state is fed to compression through the plan hint, DESIGN §3.9), or, for other messages, text of more
 * than `largePayloadThreshold` characters. Tool-call inputs are never judged.
 *
 * One summary task per large piece: a tool message's large result part (sent as
 * the message with only that part), or a message's text (sent as the message
 * with only its text parts, no tool-call part). One edit per message: a fresh
 * id, the same role, name and metadata plus
 * `metadata.acm = { kind: 'current-round-summary', strategy, offloadId, ledger, replaces }`;
 * a large result part keeps `toolCallId`, `toolName` and `isError` and its
 * output becomes `composeSummaryText(...)`; large text becomes one text part at
 * the place of the first, tool-call and other parts kept. Ids: offload id, then
 * the message's id.
 */
export const summarizeLargeCurrentMessages: Strategy = (context) => {
  const { config, pressure } = context;
  if (!pressure.tokens) return undefined;
  const threshold = config.largePayloadThreshold;
  const planTools = new Set(PLAN_TOOL_NAMES);
  return planPieceEdits(context, {
    strategy: 'summarizeLargeCurrentMessages',
    kind: 'current-round-summary',
    instructions: resolvePrompt(
      'summarizeLargeCurrentMessages',
      config.customPrompt,
    ),
    isResultPiece: (part, text) =>
      !planTools.has(part.toolName) && text.length > threshold,
    isTextPiece: (_message, text) => text.length > threshold,
    includeIntent: true,
    // Below the hard budget (a pass that runs with a rewrite of the prompt,
    // docs/decisions/2026-11-26-prefix-breaks-at-6000.md) only an intent over
    // its share is summarized; one within it only when the budget needs it.
    intentOverTokens:
      context.counter.countMessages(context.messages) < config.maxToken
        ? config.maxToken * INTENT_BUDGET_SHARE
        : 0,
  });
};
