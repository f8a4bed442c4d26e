import type { Message } from '../../vocabulary/message/message';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import { NEUTRAL_OFFLOAD_ID } from '../../state/token/neutral-offload-id';
import type { StrategyContext } from './compression-plan';
import type { ConversationUnit } from './conversation-units';
import { isAcmArtifact, isUnitFrozen } from './strategy-guards';
import {
  composeDigest,
  createDigestMessage,
  describeExchanges,
} from './clear-tool-uses-digest';
import { clearExchange } from './clear-exchange';
import { flattenFoldedSpan } from './flatten-folded-span';
import {
  CLEAR_DIGEST_SHARE,
  CLEAR_FOLD_SHARE,
  CLEAR_KEEP_RECENT_SHARE,
} from './tuning';

/** The stand-in for a reload id a clear is decided with: what the memory counts every id as. */
export const PLACEHOLDER_ID = NEUTRAL_OFFLOAD_ID;

/** One clear: the exchanges it stubs (with their cleared drafts), the stretch it folds into a digest, and what it frees. */
export interface ClearBatch {
  readonly stubbed: readonly {
    unit: ConversationUnit;
    cleared: readonly Message[];
  }[];
  readonly fold: DigestFold | undefined;
  /** Tokens the batch frees (decided with placeholder ids). */
  readonly savings: number;
}

/**
 * The batch that clears every candidate but the `keep` most recent consumed
 * exchanges (see `dropRecent`), with its digest fold; `undefined` when there
 * is nothing to clear.
 */
export function planClearBatch(
  context: StrategyContext,
  units: readonly ConversationUnit[],
  consumed: readonly ConversationUnit[],
  keep: number,
): ClearBatch | undefined {
  const { messages, counter } = context;
  const older = dropRecent(context, consumed, keep);
  if (older.length === 0) return undefined;
  const keptFrom =
    older.length < consumed.length
      ? consumed[older.length]!.start
      : older[older.length - 1]!.end;
  const candidates = older.filter(
    (unit) =>
      !isUnitFrozen(context, unit) &&
      !messages
        .slice(unit.start, unit.end)
        .some((message) => isAcmArtifact(message)),
  );

  const placeholderTag = formatOffloadTag(PLACEHOLDER_ID);

  const chosen: { unit: ConversationUnit; cleared: readonly Message[] }[] = [];
  for (const unit of candidates) {
    const span = messages.slice(unit.start, unit.end);
    // Decisions are made with a fixed-width placeholder id, so that they do
    // not depend on the ids the generator returns.
    const draft = clearExchange(span, placeholderTag);
    const saved = counter.countMessages(span) - counter.countMessages(draft);
    if (saved <= 0 || draft.every((message, index) => message === span[index]))
      continue;
    chosen.push({ unit, cleared: draft });
  }

  // Stubs pile up over a long tool loop: once the cleared exchanges (those
  // cleared now and before) hold more than `CLEAR_FOLD_SHARE` of the budget,
  // the whole cleared stretch becomes one digest, so that this rewrite frees
  // as much as it can.
  const fold = planDigestFold(context, units, keptFrom, chosen);
  const stubbed = chosen.filter(
    ({ unit }) =>
      fold === undefined || unit.end <= fold.start || unit.start >= fold.end,
  );
  let savings = fold?.saved ?? 0;
  for (const { unit, cleared } of stubbed) {
    savings +=
      counter.countMessages(messages.slice(unit.start, unit.end)) -
      counter.countMessages(cleared);
  }
  if (stubbed.length === 0 && fold === undefined) return undefined;
  return { stubbed, fold, savings };
}

/** A stretch of cleared exchanges, stubs and notes that becomes one digest message. */
export interface DigestFold {
  readonly start: number;
  readonly end: number;
  readonly originals: readonly Message[];
  readonly text: string;
  readonly saved: number;
}

/**
 * The digest fold of the last stretch of foldable units before `keptFrom`
 * (consumed, not frozen: exchanges, their stubs, earlier digests and folds,
 * notes), when its stubs after this pass would exceed `CLEAR_FOLD_SHARE` of
 * the budget and the digest is smaller than the stretch.
 */
function planDigestFold(
  context: StrategyContext,
  units: readonly ConversationUnit[],
  keptFrom: number,
  chosen: readonly { unit: ConversationUnit; cleared: readonly Message[] }[],
): DigestFold | undefined {
  const { messages, counter, config } = context;
  let start = -1;
  let end = -1;
  for (const unit of units) {
    if (unit.end > keptFrom) break;
    const foldable =
      !isUnitFrozen(context, unit) &&
      (unit.exchange === undefined ||
        (unit.exchange.consumed && unit.exchange.pendingCallIds.length === 0));
    if (!foldable) {
      start = -1;
      continue;
    }
    if (start < 0) start = unit.start;
    end = unit.end;
  }
  if (start < 0) return undefined;
  const span = messages.slice(start, end);
  let stubTokens = 0;
  for (const message of span)
    if (isAcmArtifact(message)) stubTokens += counter.countMessage(message);
  for (const { unit, cleared } of chosen)
    if (unit.start >= start && unit.end <= end)
      stubTokens += counter.countMessages(cleared);
  if (stubTokens <= config.maxToken * CLEAR_FOLD_SHARE) return undefined;
  const flat = flattenFoldedSpan(span, context.lookupOffload);
  const lines = describeExchanges(flat.originals);
  const text = composeDigest(
    lines,
    config.maxToken * CLEAR_DIGEST_SHARE,
    counter,
  );
  const draft = createDigestMessage(text, PLACEHOLDER_ID, 'x', span);
  const saved = counter.countMessages(span) - counter.countMessage(draft);
  if (saved <= 0) return undefined;
  return { start, end, originals: flat.originals, text, saved };
}

/**
 * `units` without the `keep` most recent ones, fewer when they hold more than
 * `maxToken × CLEAR_KEEP_RECENT_SHARE` (the latest is kept whenever `keep` ≥ 1).
 */
function dropRecent(
  context: StrategyContext,
  units: readonly ConversationUnit[],
  keep: number,
): readonly ConversationUnit[] {
  const { messages, counter, config } = context;
  const limit = config.maxToken * CLEAR_KEEP_RECENT_SHARE;
  let kept = 0;
  let keptTokens = 0;
  let end = units.length;
  while (end > 0 && kept < keep) {
    const unit = units[end - 1]!;
    const tokens = counter.countMessages(messages.slice(unit.start, unit.end));
    if (kept > 0 && keptTokens + tokens > limit) break;
    keptTokens += tokens;
    kept++;
    end--;
  }
  return units.slice(0, end);
}
