import type { LongTermMemorySetup } from './resolve-long-term-memory-options';
import { embedLongTermTexts } from './embed-long-term-texts';
import { guardLongTermOperation } from './guard-long-term-operation';
import { LONG_TERM_LIMITS } from './long-term-limits';
import type {
  LongTermAddResult,
  LongTermRecord,
  LongTermRecordSource,
  LongTermRecordedMessages,
} from './long-term-memory-backend';
import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import { describeValue } from '../../vocabulary/util/describe-value';

/** A text to store, before it is split and embedded. */
export interface LongTermEntry {
  readonly text: string;
  readonly source: LongTermRecordSource;
  readonly metadata?: Readonly<Record<string, string>>;
}

const ADDED: LongTermAddResult = Object.freeze({ status: 'added' });

/**
 * Entries as the pieces a record may hold: each text trimmed and split when
 * longer than `maxTextChars` (the pieces numbered in `metadata.part`), blank
 * texts dropped.
 */
export function splitLongTermEntries(
  entries: readonly LongTermEntry[],
): LongTermEntry[] {
  return entries.flatMap((entry) =>
    splitText(entry.text.trim()).map((text, index, all) => ({
      ...entry,
      text,
      metadata:
        all.length === 1
          ? entry.metadata
          : { ...entry.metadata, part: `${index + 1}/${all.length}` },
    })),
  );
}

/**
 * Stores entries as records of the owner (split by `splitLongTermEntries`),
 * embedded when there is `embed`, added in batches the backend accepts.
 * With `messages`, the first batch marks them recorded: when the backend
 * says some are recorded already, nothing is stored and that result is
 * returned. (Entries that fit one batch are one atomic write; more, only
 * from an `extract` giving over `maxRecordsPerAdd` facts, are claimed by
 * the first batch, so a failure part-way rejects and never duplicates.)
 */
export async function storeLongTermEntries(
  setup: Pick<
    LongTermMemorySetup,
    | 'backend'
    | 'owner'
    | 'sessionId'
    | 'clock'
    | 'ids'
    | 'embed'
    | 'embedTimeoutMs'
    | 'timeoutSignal'
  >,
  entries: readonly LongTermEntry[],
  messages?: LongTermRecordedMessages,
): Promise<LongTermAddResult> {
  const { backend, owner, sessionId, clock, ids } = setup;
  const pieces = splitLongTermEntries(entries);
  if (
    pieces.length === 0 &&
    (messages === undefined || messages.messageIds.length === 0)
  ) {
    return ADDED;
  }
  const vectors = await embedLongTermTexts(
    setup,
    pieces.map((piece) => piece.text),
  );
  const createdAt = clock.now();
  const records: LongTermRecord[] = pieces.map((piece, index) => ({
    id: ids(),
    owner,
    text: piece.text,
    createdAt,
    ...(sessionId !== undefined ? { sessionId } : {}),
    source: piece.source,
    ...(vectors !== undefined ? { embedding: vectors[index] } : {}),
    ...(piece.metadata !== undefined && Object.keys(piece.metadata).length > 0
      ? { metadata: piece.metadata }
      : {}),
  }));
  let start = 0;
  do {
    const batch = records.slice(
      start,
      start + LONG_TERM_LIMITS.maxRecordsPerAdd,
    );
    const claim = start === 0 ? messages : undefined;
    const result = await guardLongTermOperation('add', () =>
      backend.add(batch, claim !== undefined ? { messages: claim } : undefined),
    );
    if (claim !== undefined) assertAddResult(result, claim);
    if (result?.status === 'already-recorded') return result;
    start += LONG_TERM_LIMITS.maxRecordsPerAdd;
  } while (start < records.length);
  return ADDED;
}

/** Checks what a backend's `add` with messages resolved to (a broken one would loop the recorder). */
function assertAddResult(
  result: LongTermAddResult | undefined,
  messages: LongTermRecordedMessages,
): void {
  if (result?.status === 'added') return;
  const asked = new Set<unknown>(messages.messageIds);
  const taken = (result as { messageIds?: unknown } | undefined)?.messageIds;
  if (
    result?.status === 'already-recorded' &&
    Array.isArray(taken) &&
    taken.length > 0 &&
    taken.every((id) => asked.has(id))
  ) {
    return;
  }
  throw new LongTermMemoryError({
    operation: 'add',
    message: `the backend's add resolved to ${describeValue(result)}: expected { status: 'added' } or { status: 'already-recorded', messageIds } naming some of the messages given`,
  });
}

/** Splits text longer than a record may hold, at whitespace when it can. */
function splitText(text: string): string[] {
  const max = LONG_TERM_LIMITS.maxTextChars;
  if (text === '') return [];
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut < max / 2) cut = max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces.filter((piece) => piece !== '');
}
