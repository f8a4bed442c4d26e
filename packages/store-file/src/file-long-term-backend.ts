import { mkdir, open, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InvalidArgumentError, StoreError } from '@acm/core';
import {
  assertValidLongTermRecordedMessages,
  assertValidLongTermRecords,
  assertValidMemoryOwner,
  createEmbeddedLongTermBackend,
  replayLongTermJournal,
  replayLongTermRecordedMessages,
} from '@acm/core/long-term';
import type {
  EmbeddedLongTermBackend,
  LongTermJournalEntry,
} from '@acm/core/long-term';

/** The format tag of every journal line. */
const FORMAT = 'acm.long-term-journal';
/** The version written: 2 adds the messages marked recorded to an `add` line. */
const VERSION = 2;
/** The versions read. */
const READABLE = new Set([1, 2]);

export interface FileLongTermBackendOptions {
  /** The journal file (JSON Lines); created with its directory when missing. */
  readonly path: string;
}

/**
 * The embedded long-term memory backend (`createEmbeddedLongTermBackend`)
 * persisted to one append-only JSON Lines file: each `add` and
 * `deleteOwner` appends one line and syncs it to disk before it takes
 * effect, and opening the file replays it. A last line cut short by a crash
 * is dropped (and truncated away); any other unreadable line fails the open.
 * An `add` line also holds the messages it marks recorded, so recording
 * stays idempotent across restarts. One process per file: for several
 * instances use a database backend.
 *
 * @throws (rejects) StoreError naming the file and line when the file cannot
 * be read or holds a corrupt line (not JSON, another format or a newer
 * version, an unknown operation, or a record, owner or message list that
 * `add` would refuse); the file is then left as it was. A failed append
 * rejects the `add` / `deleteOwner` with a StoreError and changes nothing.
 */
export async function createFileLongTermBackend({
  path,
}: FileLongTermBackendOptions): Promise<EmbeddedLongTermBackend> {
  const entries = await readJournal(path);
  const append = async (entry: LongTermJournalEntry): Promise<void> => {
    const line = `${JSON.stringify({ format: FORMAT, version: VERSION, ...entry })}\n`;
    try {
      await mkdir(dirname(path), { recursive: true });
      const handle = await open(path, 'a');
      try {
        await handle.write(line);
        await handle.datasync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw new StoreError({
        operation: 'save',
        message: `Could not append to the long-term memory file ${path}: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
  };
  return createEmbeddedLongTermBackend({
    records: replayLongTermJournal(entries),
    recordedMessages: replayLongTermRecordedMessages(entries),
    journal: append,
  });
}

async function readJournal(path: string): Promise<LongTermJournalEntry[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new StoreError({
      operation: 'load',
      message: `Could not read the long-term memory file ${path}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  const lines = text.split('\n');
  const complete = text.endsWith('\n') || text === '';
  const cut = complete ? undefined : lines.pop()!;
  const entries: LongTermJournalEntry[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      throw corrupt(path, index, 'not JSON', error);
    }
    const entry = parsed as Record<string, unknown>;
    if (
      entry === null ||
      typeof entry !== 'object' ||
      entry.format !== FORMAT ||
      !READABLE.has(entry.version as number)
    ) {
      throw corrupt(
        path,
        index,
        `not a ${FORMAT} line of version ${[...READABLE].join(' or ')} (written by a newer version?)`,
      );
    }
    try {
      if (entry.op === 'add') {
        assertValidLongTermRecords(entry.records);
        if (entry.messages !== undefined) {
          assertValidLongTermRecordedMessages(
            entry.messages,
            'messages',
            entry.records,
          );
        }
        entries.push({
          op: 'add',
          records: entry.records,
          ...(entry.messages !== undefined ? { messages: entry.messages } : {}),
        });
      } else if (entry.op === 'delete-owner') {
        assertValidMemoryOwner(entry.owner);
        entries.push({ op: 'delete-owner', owner: entry.owner });
      } else {
        throw corrupt(path, index, 'unknown operation');
      }
    } catch (error) {
      if (!InvalidArgumentError.isInstance(error)) throw error;
      throw corrupt(
        path,
        index,
        `an ${String(entry.op)} that the backend would refuse: ${error.message}`,
        error,
      );
    }
  });
  if (cut !== undefined) {
    // A crash cut the last append short: it never took effect; drop it.
    await truncate(
      path,
      Buffer.byteLength(text.slice(0, text.length - cut.length)),
    );
  }
  return entries;
}

function corrupt(
  path: string,
  index: number,
  reason: string,
  cause?: unknown,
): StoreError {
  return new StoreError({
    operation: 'load',
    message: `The long-term memory file ${path} is corrupt at line ${index + 1}: ${reason}.`,
    cause,
  });
}
