import {
  getAcmMarker,
  withAcmMarker,
} from '../../vocabulary/message/acm-marker';
import type { Message, Part } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import { createPreview } from '../../summary/text/create-preview';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import type {
  PlannedEdit,
  Strategy,
  StrategyContext,
} from './compression-plan';
import { listConversationUnits } from './conversation-units';
import type { ConversationUnit } from './conversation-units';
import { isAcmArtifact, isUnitFrozen } from './strategy-guards';
import { composeDigest, describeExchanges } from './clear-tool-uses-digest';
import { createMarkedTextMessage } from './create-marked-text-message';
import { flattenFoldedSpan } from './flatten-folded-span';

/** Consumed exchanges at the end of the current round that are never cleared (Anthropic's `keep`). */
export const CLEAR_KEEP_RECENT_EXCHANGES = 4;

/** Share of `maxToken` the kept recent exchanges may hold at most (at least one is always kept). */
export const CLEAR_KEEP_RECENT_SHARE = 0.2;

/** A tool result, a tool-call input value or an assistant text longer than this (characters) is cleared. */
export const CLEAR_MIN_CHARS = 400;

/** The call message's text is cleared only above this many characters (the model's own reasoning is worth more than a tool's output). */
export const CLEAR_MIN_TEXT_CHARS = 400;

/** Characters of head-and-tail preview a cleared piece keeps. */
export const CLEAR_PREVIEW_CHARS = 100;

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
  let batch = planBatch(context, units, consumed, CLEAR_KEEP_RECENT_EXCHANGES);
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
      batch = planBatch(context, units, consumed, keep) ?? batch;
    }
  }
  if (batch === undefined) return undefined;
  const { stubbed, fold } = batch;

  const edits: PlannedEdit[] = stubbed.map(({ unit }) => {
    const span = messages.slice(unit.start, unit.end);
    const offloadId = generateId();
    const tag = formatOffloadTag(offloadId);
    const tags = exchangeTags(span, tag);
    const replacement = span.map((message, index) =>
      withAcmMarker(
        { ...clearMessage(message, tags[index]!), id: generateId() },
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
    const digest = buildDigest(
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

/**
 * Exchanges the current round must have had (consumed ones in working memory
 * plus those behind a `clearToolUses` digest) before a clear at the hard
 * budget may give up the recent exchanges: a coding agent's tool loop, not a
 * chat turn whose few recent results hold the facts of the request.
 */
export const CLEAR_DEEPEN_MIN_EXCHANGES = 16;

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

interface ClearBatch {
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
function planBatch(
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
    const tags = exchangeTags(span, placeholderTag);
    const draft = span.map((message, index) =>
      clearMessage(message, tags[index]!),
    );
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

/**
 * Share of `maxToken` the cleared stubs of the current round may hold before
 * they are folded into one digest (see `clearToolUses`).
 */
export const CLEAR_FOLD_SHARE = 0.1;

/** Share of `maxToken` a digest of cleared tool calls may hold at most. */
export const CLEAR_DIGEST_SHARE = 0.15;

interface DigestFold {
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
  const draft = buildDigest(text, PLACEHOLDER_ID, 'x', span);
  const saved = counter.countMessages(span) - counter.countMessage(draft);
  if (saved <= 0) return undefined;
  return { start, end, originals: flat.originals, text, saved };
}

/** The digest message: one assistant text, marked `tool-run-summary` by `clearToolUses`. */
function buildDigest(
  text: string,
  offloadId: string,
  id: string,
  span: readonly Message[],
): Message {
  return createMarkedTextMessage({
    id,
    role: 'assistant',
    text: `${text}\n${formatOffloadTag(offloadId)}`,
    marker: {
      kind: 'tool-run-summary',
      strategy: 'clearToolUses',
      offloadId,
      replaces: span.map((message) => message.id),
    },
  });
}

/** A fixed-width stand-in for a reload id (a session tag, `_`, 32 hex digits). */
export const PLACEHOLDER_ID = `00000000_${'0'.repeat(32)}`;

/**
 * The tag each message of an exchange carries when cleared: one tag per
 * exchange is enough for the model to find the originals. The cleared tool
 * results carry it; the call message carries it only when no result is
 * cleared (its pieces then say `[N characters cleared]` and the tag).
 */
function exchangeTags(span: readonly Message[], tag: string): string[] {
  const resultCleared = span.some(
    (message) =>
      message.role === 'tool' &&
      message.content.some(
        (part) =>
          part.type === 'tool-result' &&
          stringifyToolOutput(part.output).length > CLEAR_MIN_CHARS,
      ),
  );
  return span.map((message) =>
    message.role === 'tool' || !resultCleared ? tag : '',
  );
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

/**
 * `message` with its large pieces cleared to preview + `tag`, or `message`
 * itself when nothing is large. Cleared tool-call inputs carry no tag
 * themselves: the tag goes into the message's text (appended to the last
 * text part, or as a text part before the first tool call), where readers of
 * text and tool results find it.
 */
function clearMessage(message: Message, tag: string): Message {
  let changed = false;
  let tagged = false;
  let inputCleared = false;
  const content: Part[] = [];
  for (const part of message.content) {
    switch (part.type) {
      case 'reasoning':
        changed = true;
        break;
      case 'text': {
        const text =
          part.text.length > CLEAR_MIN_TEXT_CHARS
            ? clearText(part.text, tag)
            : part.text;
        if (text !== part.text) {
          changed = true;
          tagged = tag !== '';
          content.push({ ...part, text });
        } else content.push(part);
        break;
      }
      case 'tool-result': {
        const output = stringifyToolOutput(part.output);
        const cleared = clearText(output, tag);
        if (cleared === output) content.push(part);
        else {
          changed = true;
          tagged = true;
          content.push({ ...part, output: cleared });
        }
        break;
      }
      case 'tool-call': {
        const input = clearInput(part.input, '');
        if (input !== part.input) {
          changed = true;
          inputCleared = true;
          content.push({ ...part, input });
        } else content.push(part);
        break;
      }
      case 'file':
        content.push(part);
        break;
    }
  }
  if (!changed) return message;
  if (inputCleared && !tagged && tag !== '') {
    let lastText = content.length - 1;
    while (lastText >= 0 && content[lastText]!.type !== 'text') lastText--;
    if (lastText >= 0) {
      const part = content[lastText] as { type: 'text'; text: string };
      content[lastText] = { ...part, text: `${part.text}\n${tag}` };
    } else {
      const firstCall = content.findIndex((part) => part.type === 'tool-call');
      content.splice(Math.max(0, firstCall), 0, { type: 'text', text: tag });
    }
  }
  if (content.length === 0)
    content.push({ type: 'text', text: tag === '' ? '[cleared]' : tag });
  return { ...message, content };
}

function clearText(text: string, tag: string): string {
  if (text.length <= CLEAR_MIN_CHARS) return text;
  const note = `[${text.length} characters cleared]`;
  return `${createPreview(text, CLEAR_PREVIEW_CHARS)}\n${tag === '' ? note : `${note} ${tag}`}`;
}

/** A tool-call input with its long string values cleared; the same object when none is long. */
function clearInput(input: unknown, tag: string): unknown {
  if (typeof input === 'string') return clearText(input, tag);
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    const text = JSON.stringify(input) ?? '';
    return text.length <= CLEAR_MIN_CHARS ? input : clearText(text, tag);
  }
  let changed = false;
  const cleared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string') {
      const text = clearText(value, tag);
      changed ||= text !== value;
      cleared[key] = text;
    } else {
      const text = JSON.stringify(value) ?? '';
      if (text.length > CLEAR_MIN_CHARS) {
        changed = true;
        cleared[key] = clearText(text, tag);
      } else cleared[key] = value;
    }
  }
  return changed ? cleared : input;
}
