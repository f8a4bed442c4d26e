import { PLAN_TOOL_NAMES } from '../plan/plan-tool-names';
import { resolvePrompt } from '../prompt/resolve-prompt';
import type { Strategy } from './compression-plan';
import { planCurrentRoundFold } from './compress-current-round-fold';
import { planPieceEdits } from './plan-piece-edits';
import type { PlanPieceEditsOptions } from './plan-piece-edits';

/**
 * Compresses the consumed part of the current round to about
 * `currentRoundCompressionRatio` of its characters **keeping the call/result
 * structure and every id** (the reference's S6 flattened the round into one
 * assistant text, which made models call the tools again: #1026, #1482).
 * Only under token pressure.
 *
 * Selection: messages after the current round's user message and before the
 * last assistant message (consumed; never the in-flight exchange, never the
 * last message, so the conversation cannot end on a synthetic assistant
 * message), not system, not protected, not synthetic. In them:
 * - every tool-result part whose output is longer than `offloadSinglePreview`
 *   characters (a result no longer than an offload preview is already short and
 *   stays), except results of plan tools;
 * - the text of an assistant message when it is longer than
 *   `largePayloadThreshold` characters (tool-call parts are never changed).
 * One summary task per piece with `targetChars = round(chars × ratio)`.
 *
 * Output: one edit per message, same role, name, metadata and part order, a
 * fresh id, `metadata.acm = { kind: 'current-round-compression', strategy, offloadId, ledger, replaces }`;
 * compressed result parts keep `toolCallId`, `toolName`, `isError` and get
 * `composeSummaryText(...)` as output; compressed text becomes one text part.
 * Ids: offload id, then the message's id.
 *
 * Over the hard budget, when the pieces could not bring the prompt under it,
 * the consumed part of the current round is folded into one summary instead
 * (`planCurrentRoundFold`, kind `current-round-fold`).
 */
export const compressCurrentRound: Strategy = (context) => {
  const { config, pressure } = context;
  if (!pressure.tokens) return undefined;
  const planTools = new Set(PLAN_TOOL_NAMES);
  const options: PlanPieceEditsOptions = {
    strategy: 'compressCurrentRound',
    kind: 'current-round-compression',
    instructions: resolvePrompt('compressCurrentRound', config.customPrompt),
    isResultPiece: (part, text) =>
      !planTools.has(part.toolName) &&
      text.length > config.offloadSinglePreview,
    isTextPiece: (message, text) =>
      message.role === 'assistant' &&
      text.length > config.largePayloadThreshold,
    targetChars: (text) =>
      Math.round(text.length * config.currentRoundCompressionRatio),
  };
  if (context.counter.countMessages(context.messages) > context.messageBudget) {
    // The pieces are drafted without ids: only their ranges are needed to
    // tell whether they could fit the budget.
    const draft = planPieceEdits({ ...context, generateId: () => '' }, options);
    const fold = planCurrentRoundFold(context, draft);
    if (fold !== undefined) return fold;
  }
  return planPieceEdits(context, options);
};
