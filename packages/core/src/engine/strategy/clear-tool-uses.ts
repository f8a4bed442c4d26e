import {
  getAcmMarker,
  withAcmMarker,
} from '../../vocabulary/message/acm-marker';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import type {
  PlannedEdit,
  Strategy,
  StrategyContext,
} from './compression-plan';
import { listConversationUnits } from './conversation-units';
import { createDigestMessage } from './clear-tool-uses-digest';
import { clearExchange } from './clear-exchange';
import { planClearBatch } from './plan-clear-batch';
import {
  CLEAR_DEEPEN_MIN_EXCHANGES,
  CLEAR_KEEP_RECENT_EXCHANGES,
} from './tuning';

/**
 * Deterministic, cache-aware clearing of the current round's consumed tool
 * exchanges (no LLM), the coding-agent path: like Anthropic's context
 * editing `clear_tool_uses`, with the originals kept behind a reload id.
 * Only under token pressure.
 *
 * Candidates: whole exchanges (call + results) of the current round (after
 * its user message; everything when there is no user turn) that the model has
 * consumed, that are not frozen (pinned, protected, in flight, a recent
 * `context_reload`) and not written by ACM, except the most recent ones: the
 * last `CLEAR_KEEP_RECENT_EXCHANGES` consumed exchanges, fewer when they hold
 * more than `maxToken × CLEAR_KEEP_RECENT_SHARE` tokens (the latest one is
 * always kept). History rounds are left to the summarizing strategies, which
 * keep their facts.
 *
 * In a cleared exchange every piece longer than `CLEAR_MIN_CHARS` characters
 * becomes `createPreview(piece, CLEAR_PREVIEW_CHARS)` plus the offload tag:
 * tool-result outputs, string values of tool-call inputs (or the whole input
 * when it is not an object), and the call message's text when it is longer than
 * `CLEAR_MIN_TEXT_CHARS`; reasoning parts are dropped. Call ids, tool names and `isError` stay, so the structure the model
 * sees is unchanged.
 *
 * Batching (client-side `clear_at_least`): once it runs, every candidate is
 * cleared at once, like Anthropic's `clear_tool_uses` clears all but `keep`,
 * so that one rewrite of the cached prefix frees as much as it can and the
 * next one is as far away as possible. It runs only at the hard budget
 * (`maxToken`): a clear below it rewrites the cached prefix a few turns
 * before the budget forces one, and the next rewrite comes no later
 * (docs/decisions/2026-11-26-prefix-breaks-at-6000.md). With
 * `minCurrentRoundSavingsRatio: 0` (no cache awareness) it runs at every
 * trigger.
 *
 * Output per exchange: the same messages in the same order with fresh ids and
 * `metadata.acm = { kind: 'offload-stub', strategy: 'clearToolUses', offloadId, replaces: [original id] }`;
 * the offload entry holds the whole exchange verbatim. Ids per exchange:
 * offload id, then one per message in order.
 */
export const clearToolUses: Strategy = (context) => {
  const { messages, structure, config, counter, pressure, generateId } =
    context;
  if (!pressure.tokens) return undefined;
  const roundStart =
    structure.rounds.length > 0 ? structure.currentRoundStart + 1 : 0;
  const units = listConversationUnits(structure, messages.length).filter(
    (unit) => unit.start >= roundStart,
  );
  const consumed = units.filter(
    (unit) =>
      unit.exchange !== undefined &&
      unit.exchange.consumed &&
      unit.exchange.pendingCallIds.length === 0,
  );
  const total = counter.countMessages(messages);
  // Below the hard budget the cached prefix stays: the budget forces the
  // rewrite soon enough, and the next one comes no later for waiting.
  if (total < config.maxToken && config.minCurrentRoundSavingsRatio > 0)
    return undefined;
  let batch = planClearBatch(
    context,
    units,
    consumed,
    CLEAR_KEEP_RECENT_EXCHANGES,
  );
  // At the hard budget the rewrite happens anyway: in a long tool loop it
  // must land at the low-water mark, or the next one comes a turn or two
  // later. The recent exchanges are given up, oldest first, until it does.
  if (
    total >= config.maxToken &&
    countRoundExchanges(context, roundStart, consumed.length) >=
      CLEAR_DEEPEN_MIN_EXCHANGES
  ) {
    const lowWater = config.maxToken * config.targetRatio;
    for (
      let keep = CLEAR_KEEP_RECENT_EXCHANGES - 1;
      keep >= 0 && (batch === undefined || total - batch.savings > lowWater);
      keep--
    ) {
      batch = planClearBatch(context, units, consumed, keep) ?? batch;
    }
  }
  if (batch === undefined) return undefined;
  const { stubbed, fold } = batch;

  const edits: PlannedEdit[] = stubbed.map(({ unit }) => {
    const span = messages.slice(unit.start, unit.end);
    const offloadId = generateId();
    const cleared = clearExchange(span, formatOffloadTag(offloadId));
    const replacement = cleared.map((message) =>
      withAcmMarker(
        { ...message, id: generateId() },
        {
          kind: 'offload-stub',
          strategy: 'clearToolUses',
          offloadId,
          replaces: [message.id],
        },
      ),
    );
    return {
      range: { start: unit.start, end: unit.end },
      offloads: { [offloadId]: span },
      taskKeys: [],
      replacement,
    };
  });
  if (fold !== undefined) {
    const offloadId = generateId();
    const digest = createDigestMessage(
      fold.text,
      offloadId,
      generateId(),
      messages.slice(fold.start, fold.end),
    );
    edits.push({
      range: { start: fold.start, end: fold.end },
      offloads: { [offloadId]: fold.originals },
      taskKeys: [],
      replacement: [digest],
    });
    edits.sort((left, right) => left.range.start - right.range.start);
  }
  return { strategy: 'clearToolUses', edits, tasks: [], skipped: [] };
};

/** `consumed` plus the exchanges folded into `clearToolUses` digests of the current round. */
function countRoundExchanges(
  context: StrategyContext,
  roundStart: number,
  consumed: number,
): number {
  let count = consumed;
  for (const message of context.messages.slice(roundStart)) {
    const marker = getAcmMarker(message);
    if (
      marker?.kind !== 'tool-run-summary' ||
      marker.strategy !== 'clearToolUses' ||
      marker.offloadId === undefined
    )
      continue;
    for (const original of context.lookupOffload(marker.offloadId) ?? []) {
      if (
        original.role === 'assistant' &&
        original.content.some((part) => part.type === 'tool-call')
      )
        count++;
    }
  }
  return count;
}
