import type { TranscriptBlock } from '../text/parse-transcript';
import { describeOutcome } from './describe-outcome';
import { ID_TOKEN, isIdToken } from './id-token';
import { ITEM_PRIORITY } from './item-priority';
import type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';

/** What a record of a tool result at a given block gains or loses, from what the rest of the transcript does with it. */
export interface RecordSalience {
  /**
   * `ITEM_PRIORITY.salient` when the record holds an id the conversation
   * uses again after `index` (in a call, a user or assistant text, a
   * summary): what the next turns build on; else 0.
   */
  readonly reused: (record: string, index: number) => number;
  /**
   * `-ITEM_PRIORITY.salient` when a later result holds a record of the same
   * id and field (an order looked up again after an update): it yields to
   * that one; else 0.
   */
  readonly superseded: (record: string, index: number) => number;
}

/** The salience of records in the tool results of `blocks` (`RecordSalience`). */
export function createRecordSalience(
  blocks: readonly TranscriptBlock[],
  vocabulary: SectionedSummaryVocabulary,
): RecordSalience {
  const lastUse = indexLaterUses(blocks);
  const latestRecord = new Map<string, number>();
  blocks.forEach((block, index) => {
    if (block.kind !== 'result') return;
    for (const record of describeOutcome(block.body, vocabulary)) {
      const key = recordKey(record);
      if (key !== '') latestRecord.set(key, index);
    }
  });
  return {
    reused: (record, index) =>
      (record.match(ID_TOKEN) ?? []).some(
        (token) => isIdToken(token) && (lastUse.get(token) ?? -1) > index,
      )
        ? ITEM_PRIORITY.salient
        : 0,
    superseded: (record, index) =>
      (latestRecord.get(recordKey(record)) ?? index) > index
        ? -ITEM_PRIORITY.salient
        : 0,
  };
}

/** A date token (`2024-05-20`, `2024-05-14T10:44:24`). */
const DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * Priority a record gains per distinct id or date it holds
 * (`ITEM_PRIORITY.perId` each, up to `ITEM_PRIORITY.maxIds`): a record of
 * ids and dates (an order with its items and their dates, a payment id)
 * outranks a record of plain fields (what later calls reuse is ids and dates).
 */
export function idWeight(record: string): number {
  const ids = new Set(
    (record.match(ID_TOKEN) ?? []).filter(
      (token) => isIdToken(token) || DATE.test(token),
    ),
  );
  return ITEM_PRIORITY.perId * Math.min(ITEM_PRIORITY.maxIds, ids.size);
}

/** For each id, the last block (a call, a user or assistant text, a summary) that names it. */
function indexLaterUses(
  blocks: readonly TranscriptBlock[],
): Map<string, number> {
  const last = new Map<string, number>();
  blocks.forEach((block, index) => {
    if (block.kind === 'result' || block.kind === 'error') return;
    if (block.kind === 'system' || block.kind === 'other') return;
    for (const token of block.body.match(ID_TOKEN) ?? [])
      if (isIdToken(token)) last.set(token, index);
  });
  return last;
}

/** The record's anchor: its first id (`describeOutcome` leads an object's records with it). */
function recordAnchor(record: string): string {
  for (const token of record.match(ID_TOKEN) ?? [])
    if (isIdToken(token)) return token;
  return '';
}

/**
 * A record's identity: its anchor and what follows it up to the first `:`
 * (`AB1234 items`), so that a later record of the same id and field
 * supersedes it; `''` for a record without an id.
 */
function recordKey(record: string): string {
  const anchorId = recordAnchor(record);
  if (anchorId === '') return '';
  const head = /^([^:]*):/.exec(record)?.[1] ?? '';
  return `${anchorId}|${head.includes(anchorId) ? head : ''}`;
}
