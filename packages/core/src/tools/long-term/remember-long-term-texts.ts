import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { LongTermRecordSource } from './long-term-memory-backend';
import type { LongTermMemorySetup } from './resolve-long-term-memory-options';
import { storeLongTermEntries } from './store-long-term-entries';

/** A text to remember with its own metadata. */
export interface RememberEntry {
  readonly text: string;
  /** Tags for this text only, merged over the call's `metadata`. */
  readonly metadata?: Readonly<Record<string, string>>;
}

/** How `LongTermMemory.remember` tags what it stores. */
export interface RememberOptions {
  /** Who asked to remember it: the framework, or the agent through its tool. @default 'framework' */
  readonly source?: LongTermRecordSource;
  /** String tags stored with every record (an entry's own metadata wins on a clash). */
  readonly metadata?: Readonly<Record<string, string>>;
}

/**
 * Stores texts as they are, one record each (split when longer than a record
 * may hold), an entry's metadata merged over `options.metadata`.
 *
 * @throws InvalidArgumentError when `texts` is not an array of strings or
 * `{ text, metadata? }` entries.
 */
export async function rememberLongTermTexts(
  setup: LongTermMemorySetup,
  texts: readonly (string | RememberEntry)[],
  { source = 'framework', metadata }: RememberOptions = {},
): Promise<void> {
  const entries = Array.isArray(texts)
    ? (texts as readonly unknown[]).map((item) =>
        typeof item === 'string' ? { text: item } : item,
      )
    : undefined;
  if (
    entries === undefined ||
    !entries.every(
      (entry) =>
        entry !== null &&
        typeof entry === 'object' &&
        typeof (entry as RememberEntry).text === 'string',
    )
  ) {
    throw new InvalidArgumentError({
      parameter: 'texts',
      value: texts,
      message: 'must be an array of strings or { text, metadata? } entries',
    });
  }
  await storeLongTermEntries(
    setup,
    (entries as RememberEntry[])
      .filter((entry) => entry.text.trim() !== '')
      .map((entry) => {
        const merged =
          metadata === undefined && entry.metadata === undefined
            ? undefined
            : { ...metadata, ...entry.metadata };
        return {
          text: entry.text,
          source,
          ...(merged !== undefined ? { metadata: merged } : {}),
        };
      }),
  );
}
