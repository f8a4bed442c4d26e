import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SharedDataset } from './find-shared-data-dir';
import { SHARED_DATA_FILES, findSharedDataDir } from './find-shared-data-dir';
import { deepFreeze } from './deep-freeze';

/** One recorded conversation of `shared/data`, as stored (OpenAI chat-completions format). */
export interface SharedConversation {
  /** The record's id, e.g. `swe/astropy__astropy-12907` or `tau-airline/task0-trial0`. */
  readonly id: string;
  /** Where the run comes from (repository, commit, licence). */
  readonly source: string;
  /** Which dataset the file belongs to (from the file name), `custom` for other files. */
  readonly dataset: SharedDataset | 'custom';
  /** The messages exactly as stored, OpenAI chat-completions format. Deep-frozen (shared cache). */
  readonly messages: readonly unknown[];
  /** Every other field of the record (`resolved`, `reward`, `expected_actions`, …). Deep-frozen. */
  readonly extra: Readonly<Record<string, unknown>>;
}

export interface LoadSharedConversationsOptions {
  /**
   * Which dataset: SWE-bench agent runs (107), tau-bench airline runs (152), or both (SWE first).
   * @default 'all'
   */
  readonly dataset?: SharedDataset | 'all';
  /** A `.jsonl.gz` (or plain `.jsonl`) file to read instead of the dataset files. */
  readonly file?: string;
  /**
   * The folder holding the dataset files.
   * @default findSharedDataDir()
   */
  readonly dataDir?: string;
  /** Return at most this many conversations (the first ones). @default every conversation */
  readonly limit?: number;
}

/** Parsed files by absolute path: tests load the same data many times in one process. */
const cache = new Map<string, readonly SharedConversation[]>();

/**
 * Reads recorded conversations from the shared datasets (gzip JSON Lines,
 * `node:zlib`), synchronously so that `it.each` can use them at collection
 * time. Each file is parsed once per process and cached; the records are
 * deep-frozen because every caller shares them.
 *
 * @throws {Error} when the data folder cannot be found (naming the paths tried)
 * or a line is not a conversation record (naming the file and line).
 */
export function loadSharedConversations({
  dataset = 'all',
  file,
  dataDir,
  limit,
}: LoadSharedConversationsOptions = {}): SharedConversation[] {
  let files: string[];
  if (file !== undefined) {
    files = [resolve(file)];
  } else {
    const directory = dataDir ?? findSharedDataDir();
    const datasets: SharedDataset[] =
      dataset === 'all' ? ['swe', 'tau'] : [dataset];
    files = datasets.map((name) => join(directory, SHARED_DATA_FILES[name]));
  }
  const conversations = files.flatMap((path) => readConversationFile(path));
  return limit === undefined
    ? conversations
    : conversations.slice(0, Math.max(0, limit));
}

function readConversationFile(path: string): readonly SharedConversation[] {
  const cached = cache.get(path);
  if (cached !== undefined) return cached;

  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch (error) {
    throw new Error(`Shared data file not readable: ${path}`, { cause: error });
  }
  const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const dataset = datasetOf(path);
  const conversations: SharedConversation[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    conversations.push(parseRecord(line, dataset, `${path}:${index + 1}`));
  });
  const frozen = Object.freeze(
    conversations.map((conversation) => deepFreeze(conversation)),
  );
  cache.set(path, frozen);
  return frozen;
}

function parseRecord(
  line: string,
  dataset: SharedConversation['dataset'],
  where: string,
) {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (error) {
    throw new Error(`Shared data line is not JSON: ${where}`, { cause: error });
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw new Error(`Shared data line is not an object: ${where}`);
  }
  const { id, source, messages, ...extra } = record as Record<string, unknown>;
  if (typeof id !== 'string' || !Array.isArray(messages)) {
    throw new Error(
      `Shared data line has no string id or no messages array: ${where}`,
    );
  }
  const conversation: SharedConversation = {
    id,
    source: typeof source === 'string' ? source : '',
    dataset,
    messages: messages as unknown[],
    extra,
  };
  return conversation;
}

function datasetOf(path: string): SharedConversation['dataset'] {
  const name = basename(path);
  for (const [dataset, file] of Object.entries(SHARED_DATA_FILES)) {
    if (name === file) return dataset as SharedDataset;
  }
  return 'custom';
}
