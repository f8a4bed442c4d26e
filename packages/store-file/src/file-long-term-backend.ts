import { mkdir, open, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StoreError } from '@acm/core';
import {
  createEmbeddedLongTermBackend,
  replayLongTermJournal,
} from '@acm/core/long-term';
import type {
  EmbeddedLongTermBackend,
  LongTermJournalEntry,
} from '@acm/core/long-term';

/** The format tag of every journal line. */
const FORMAT = 'acm.long-term-journal';
const VERSION = 1;

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
 * One process per file: for several instances use a database backend.
 *
 * @throws (rejects) StoreError when the file cannot be read or holds a
 * corrupt line; a failed append rejects the `add` / `deleteOwner` with a
 * StoreError and changes nothing.
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
  if (!complete) {
    // A crash cut the last append short: it never took effect; drop it.
    const kept = text.length - lines[lines.length - 1]!.length;
    await truncate(path, Buffer.byteLength(text.slice(0, kept)));
    lines.pop();
  }
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
    if (entry.format !== FORMAT || entry.version !== VERSION) {
      throw corrupt(
        path,
        index,
        `not a ${FORMAT} line of version ${VERSION} (written by a newer version?)`,
      );
    }
    if (entry.op === 'add' && Array.isArray(entry.records)) {
      entries.push({ op: 'add', records: entry.records as never });
    } else if (
      entry.op === 'delete-owner' &&
      entry.owner !== null &&
      typeof entry.owner === 'object'
    ) {
      entries.push({ op: 'delete-owner', owner: entry.owner });
    } else {
      throw corrupt(path, index, 'unknown operation');
    }
  });
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
