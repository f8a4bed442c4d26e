import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type {
  AcmMessageKind,
  IdentifierLedger,
} from '../../vocabulary/message/acm-marker';
import type { AcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { STRATEGY_DESCRIPTORS } from '../../vocabulary/config/strategy-descriptors';
import { getMessageText } from '../../vocabulary/message/message-text';
import { findOffloadIds } from '../../state/offload/find-offload-ids';
import { renderLedger } from '../../summary/text/render-ledger';
import { stripOffloadTags } from '../../state/offload/strip-offload-tags';

/** Kinds of ACM message that stand for a folded stretch of history (a working summary). */
export const FOLD_KINDS: ReadonlySet<AcmMessageKind> = new Set<AcmMessageKind>([
  'rollup',
  'last-resort',
  'current-round-fold',
]);

/** Earlier working summary found in a span, reduced to what a new one builds on. */
export interface EarlierSummary {
  readonly kind: AcmMessageKind;
  /** Its text without fold header, ledger and offload tag. */
  readonly body: string;
  readonly generation: number;
}

export interface FlattenedSpan {
  /**
   * What the new offload entry holds: the span with every ACM message whose
   * entry is known replaced by that entry's messages, recursively, each entry
   * once. Only real messages remain (and ACM messages whose entry is gone).
   */
  readonly originals: readonly Message[];
  /** Messages of the span that are not ACM output with a known entry (real content). */
  readonly fresh: readonly Message[];
  /**
   * The real messages of `originals` (no ACM output) that no summary
   * accounts for: those of the span itself, those behind ACM output the
   * engine wrote without the summarizer (offload stubs, cleared tool uses)
   * and those an earlier summary lists in `marker.unsummarized`. What a new
   * summary must read besides the earlier summaries' text
   * (`collectSummaryInput`); in the order of `originals`.
   */
  readonly unsummarized: readonly Message[];
  /** Ledgers carried by the replaced ACM messages, oldest first. */
  readonly ledgers: readonly IdentifierLedger[];
  /** Earlier rollups and last-resort folds of the span, oldest first. */
  readonly summaries: readonly EarlierSummary[];
  /** Highest generation among the earlier working summaries (0 without one). */
  readonly generation: number;
}

/** The header a last-resort fold's text starts with. */
const FOLD_HEADER = /^Folded \d+ messages?\.\n?/;

/**
 * Flattens a span about to be folded, so that the new summary's offload entry
 * points at the original messages directly (every original ≤ 2 reloads away:
 * the new fold, then at most one stub it holds), and so that the new summary
 * is made from content, not from earlier fold headers, ledgers and tags.
 */
export function flattenFoldedSpan(
  span: readonly Message[],
  lookupOffload: (offloadId: string) => readonly Message[] | undefined,
): FlattenedSpan {
  const originals: Message[] = [];
  const fresh: Message[] = [];
  const unsummarized: Message[] = [];
  const ledgers: IdentifierLedger[] = [];
  const summaries: EarlierSummary[] = [];
  const expanded = new Set<string>();
  let generation = 0;

  // A fold's opener and its summary share one offload id; the summary's
  // marker says which originals no summary accounts for (`unsummarized`).
  const summaryMarkers = new Map<string, AcmMarker>();
  for (const message of span) {
    const marker = getAcmMarker(message);
    if (message.role === 'assistant' && marker?.offloadId !== undefined)
      summaryMarkers.set(marker.offloadId, marker);
  }

  const expand = (
    message: Message,
    depth: number,
    top: boolean,
    seen: (message: Message) => boolean,
  ): void => {
    const marker = getAcmMarker(message);
    const offloadId = marker?.offloadId;
    const entry =
      marker === undefined ||
      marker.kind === 'injected' ||
      offloadId === undefined ||
      depth > 32 ||
      !hasOnlyOwnTags(message, offloadId)
        ? undefined
        : lookupOffload(offloadId);
    if (
      entry === undefined ||
      offloadId === undefined ||
      marker === undefined
    ) {
      originals.push(message);
      if (top) fresh.push(message);
      if (
        !seen(message) &&
        (marker === undefined || marker.kind === 'injected')
      )
        unsummarized.push(message);
      return;
    }
    // A pair (fold opener + summary) shares one offload id: the first
    // message expands the entry, the summary still brings its ledger and body.
    if (top) {
      if (marker.ledger !== undefined) ledgers.push(marker.ledger);
      if (FOLD_KINDS.has(marker.kind)) {
        generation = Math.max(generation, marker.generation ?? 1);
        if (message.role === 'assistant') {
          summaries.push({
            kind: marker.kind,
            body: summaryBody(message),
            generation: marker.generation ?? 1,
          });
        }
      }
    }
    if (expanded.has(offloadId)) return;
    expanded.add(offloadId);
    const inner = seenBehind(
      (top ? summaryMarkers.get(offloadId) : undefined) ?? marker,
      seen,
    );
    for (const original of entry) expand(original, depth + 1, false, inner);
  };
  for (const message of span) expand(message, 0, true, () => false);
  return { originals, fresh, unsummarized, ledgers, summaries, generation };
}

/**
 * Which messages behind an ACM message a summary already accounts for: what
 * its `unsummarized` list leaves out, when it has one (a last-resort fold, a
 * condensed summary); else everything behind the output of a summarizing
 * strategy, and nothing more than around it behind what the engine wrote
 * without the summarizer (offload stubs, cleared tool uses, a last-resort
 * fold written before the list existed).
 */
function seenBehind(
  marker: AcmMarker,
  outer: (message: Message) => boolean,
): (message: Message) => boolean {
  if (marker.unsummarized !== undefined) {
    const pending = new Set(marker.unsummarized);
    return (message) => outer(message) || !pending.has(message.id);
  }
  if (
    marker.kind !== 'last-resort' &&
    SUMMARIZING_STRATEGIES.has(marker.strategy ?? '')
  )
    return () => true;
  return outer;
}

/** Strategies whose output a summarizer wrote (or its fallback, in its place). */
export const SUMMARIZING_STRATEGIES: ReadonlySet<string> = new Set(
  STRATEGY_DESCRIPTORS.flatMap((descriptor) =>
    descriptor.kind === 'llm' ? [descriptor.name] : [],
  ),
);

/**
 * The text of an ACM summary without its fold header ("Folded N messages."),
 * its rendered ledger and its offload tags.
 */
export function summaryBody(message: Message): string {
  const marker = getAcmMarker(message);
  let text = stripOffloadTags(getMessageText(message));
  if (marker?.ledger !== undefined) {
    const rendered = renderLedger(marker.ledger);
    if (rendered !== '') text = text.replace(rendered, '');
  }
  if (marker?.kind === 'last-resort') text = text.replace(FOLD_HEADER, '');
  return text.trim();
}

/** Whether every offload tag in the message's text names `offloadId` (a stub of one entry). */
function hasOnlyOwnTags(message: Message, offloadId: string): boolean {
  for (const part of message.content) {
    if (part.type !== 'text') continue;
    for (const id of findOffloadIds(part.text)) {
      if (id !== offloadId) return false;
    }
  }
  return true;
}
