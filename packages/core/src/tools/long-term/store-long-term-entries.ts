import type { LongTermMemorySetup } from './resolve-long-term-memory-options';
import { embedLongTermTexts } from './embed-long-term-texts';
import { guardLongTermOperation } from './guard-long-term-operation';
import { LONG_TERM_LIMITS } from './long-term-limits';
import type {
  LongTermRecord,
  LongTermRecordSource,
} from './long-term-memory-backend';

/** A text to store, before it is split and embedded. */
export interface LongTermEntry {
  readonly text: string;
  readonly source: LongTermRecordSource;
  readonly metadata?: Readonly<Record<string, string>>;
}

/**
 * Stores entries as records of the owner: each text trimmed and split when
 * longer than a record may hold (the pieces numbered in `metadata.part`),
 * embedded when there is `embed`, added in batches the backend accepts.
 * Returns how many records it added.
 */
export async function storeLongTermEntries(
  {
    backend,
    owner,
    sessionId,
    clock,
    ids,
    embed,
  }: Pick<
    LongTermMemorySetup,
    'backend' | 'owner' | 'sessionId' | 'clock' | 'ids' | 'embed'
  >,
  entries: readonly LongTermEntry[],
): Promise<number> {
  const pieces = entries.flatMap((entry) =>
    splitText(entry.text.trim()).map((text, index, all) => ({
      ...entry,
      text,
      metadata:
        all.length === 1
          ? entry.metadata
          : { ...entry.metadata, part: `${index + 1}/${all.length}` },
    })),
  );
  if (pieces.length === 0) return 0;
  const vectors = await embedLongTermTexts(
    embed,
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
  for (
    let start = 0;
    start < records.length;
    start += LONG_TERM_LIMITS.maxRecordsPerAdd
  ) {
    await guardLongTermOperation('add', () =>
      backend.add(
        records.slice(start, start + LONG_TERM_LIMITS.maxRecordsPerAdd),
      ),
    );
  }
  return records.length;
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
