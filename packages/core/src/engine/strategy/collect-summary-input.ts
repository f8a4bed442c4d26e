import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { getMessageText } from '../../vocabulary/message/message-text';
import { stripOffloadTags } from '../../state/offload/strip-offload-tags';
import { renderTranscript } from '../../summary/text/render-transcript';
import { createMarkedTextMessage } from './create-marked-text-message';
import {
  FOLD_KINDS,
  SUMMARIZING_STRATEGIES,
  flattenFoldedSpan,
  summaryBody,
} from './flatten-folded-span';

export interface CollectSummaryInputOptions {
  /** The state's offload entries. */
  readonly lookupOffload: (offloadId: string) => readonly Message[] | undefined;
  /**
   * Read the originals behind every earlier summary instead of its text (an
   * explicit request: `compressIfNeeded({ resummarize: true })`).
   * @default false
   */
  readonly resummarize?: boolean;
  /**
   * Read the originals behind an earlier summary instead of its text while
   * their transcript is at most this many characters (the summarizer's
   * `readOriginalsUpTo`).
   * @default 0 (never: incremental)
   */
  readonly readOriginalsUpTo?: number;
  /**
   * What other ACM output of the span (tool-run and round summaries, stubs)
   * brings: `'as-is'` its own text (a rollup); `'unseen'` its text when a
   * summarizer wrote it, else the originals behind it that no summary
   * accounts for (a current-round fold, which reads a round's content, not
   * stubs).
   */
  readonly artifacts: 'as-is' | 'unseen';
}

/** What a new working summary reads, and what it stands on. */
export interface SummaryInput {
  /** The summarizer's messages, in order (plan tools not filtered yet). */
  readonly messages: readonly Message[];
  /** The text it reads of earlier summaries and other ACM output, in order. */
  readonly texts: readonly string[];
  /** The original messages it reads (no summary accounts for them yet). */
  readonly originals: readonly Message[];
}

/**
 * The messages a new working summary of `span` is made from — incremental
 * (#29): each earlier working summary (rollup, current-round fold) as its
 * text — no fold header, ledger or tag, marked as a summary so that the
 * transcript labels it one and its sections merge; a last-resort fold
 * (written without the summarizer) as the earlier summaries' text it
 * replaced (`marker.basis`), not as its own extract; then the originals no
 * summary accounts for yet (a last-resort fold's `unsummarized`, the span's
 * own messages). The originals behind an earlier summary are not read again
 * (they stay one reload away), so over a session each original reaches an
 * LLM summarizer about once. A summarizer that costs no tokens (the
 * extractive one) reads them again while their transcript is at most
 * `readOriginalsUpTo` characters: a summary made afresh keeps more than a
 * summary of a summary. With `resummarize`, every earlier summary is read
 * from its originals (the whole history again).
 *
 * Fold openers (the user message of a rollup or last-resort pair) bring
 * nothing. Plan tools are not filtered here.
 */
export function collectSummaryInput(
  span: readonly Message[],
  {
    lookupOffload,
    resummarize = false,
    readOriginalsUpTo = 0,
    artifacts,
  }: CollectSummaryInputOptions,
): SummaryInput {
  const messages: Message[] = [];
  const texts: string[] = [];
  const originals: Message[] = [];
  const read = (message: Message) => {
    messages.push(message);
    originals.push(message);
  };
  const readText = (message: Message, text: string) => {
    if (text === '') return;
    texts.push(text);
    messages.push(
      createMarkedTextMessage({
        id: message.id,
        role: 'assistant',
        text,
        marker: { kind: 'rollup', strategy: 'rollupHistory' },
      }),
    );
  };
  /** The originals behind `message`, when they are to be read instead of its text. */
  const rereadable = (message: Message): readonly Message[] | undefined => {
    if (!resummarize && readOriginalsUpTo <= 0) return undefined;
    const behind = flattenFoldedSpan([message], lookupOffload).originals.filter(
      (original) => !isArtifact(original),
    );
    if (resummarize) return behind;
    let chars = 0;
    for (const original of behind) {
      chars += renderTranscript([original]).length;
      if (chars > readOriginalsUpTo) return undefined;
    }
    return behind;
  };
  const unread = (message: Message) =>
    flattenFoldedSpan([message], lookupOffload).unsummarized;
  for (const message of span) {
    const marker = getAcmMarker(message);
    if (marker === undefined || marker.kind === 'injected') {
      read(message);
      continue;
    }
    const known =
      marker.offloadId !== undefined &&
      lookupOffload(marker.offloadId) !== undefined;
    if (FOLD_KINDS.has(marker.kind)) {
      if (message.role !== 'assistant') continue;
      const text =
        marker.basis ??
        // A last-resort fold's own text is an extract of the originals
        // it lists as unread, which come next.
        (marker.kind === 'last-resort' && known ? '' : summaryBody(message));
      const again = known ? rereadable(message) : undefined;
      if (again !== undefined) {
        again.forEach(read);
        continue;
      }
      readText(message, text);
      if (known) unread(message).forEach(read);
      continue;
    }
    const text = stripOffloadTags(getMessageText(message));
    if (!known || artifacts === 'as-is') {
      messages.push(message);
      texts.push(text);
      continue;
    }
    if (!SUMMARIZING_STRATEGIES.has(marker.strategy ?? '')) {
      unread(message).forEach(read);
      continue;
    }
    const again = rereadable(message);
    if (again !== undefined) {
      again.forEach(read);
      continue;
    }
    messages.push(message);
    texts.push(text);
  }
  return { messages, texts, originals };
}

function isArtifact(message: Message): boolean {
  const marker = getAcmMarker(message);
  return marker !== undefined && marker.kind !== 'injected';
}
