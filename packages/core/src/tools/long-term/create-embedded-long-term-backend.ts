import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { MaybePromise } from '../../memory/store/session-store';
import { assertValidLongTermRecordedMessages } from './assert-valid-long-term-recorded-messages';
import { assertValidLongTermRecords } from './assert-valid-long-term-records';
import { assertValidLongTermSearch } from './assert-valid-long-term-search';
import { copyLongTermRecord } from './copy-long-term-record';
import { createFullTextIndex } from './create-full-text-index';
import type { FullTextIndex } from './create-full-text-index';
import { cosineSimilarity, fuseRankings } from './fuse-rankings';
import { batchLongTermRecordedMessages } from './batch-long-term-recorded-messages';
import type {
  LongTermAddResult,
  LongTermMemoryBackend,
  LongTermRecord,
  LongTermRecordedMessages,
  LongTermSearchHit,
  LongTermSearchRequest,
} from './long-term-memory-backend';
import { assertValidMemoryOwner, memoryOwnerKey } from './memory-owner';
import type { MemoryOwner } from './memory-owner';

/**
 * One change of an embedded backend, in the order applied: what a journal
 * (a file, a session store) appends so that `replayLongTermJournal` rebuilds
 * the records after a restart.
 */
export type LongTermJournalEntry =
  | {
      readonly op: 'add';
      readonly records: readonly LongTermRecord[];
      /** The messages marked recorded with the records (`add`'s `options.messages`). */
      readonly messages?: LongTermRecordedMessages;
    }
  | { readonly op: 'delete-owner'; readonly owner: MemoryOwner };

export interface CreateEmbeddedLongTermBackendOptions {
  /** Records to start with (e.g. `replayLongTermJournal` of a file). Validated like `add`. */
  readonly records?: readonly LongTermRecord[];
  /**
   * Messages marked recorded to start with (e.g.
   * `replayLongTermRecordedMessages` of a file). Validated like `add`'s.
   */
  readonly recordedMessages?: readonly LongTermRecordedMessages[];
  /**
   * Called with each change before it becomes visible, one at a time; when it
   * rejects, the change is not applied and the call rejects with its error
   * (so a failing disk leaves the backend as it was).
   */
  readonly journal?: (entry: LongTermJournalEntry) => MaybePromise<void>;
  /**
   * Makes the full-text index of one owner (e.g. over another engine, see
   * `bench/retrieval-engines.ts`). Its `search` must return scores that are
   * higher for better matches.
   * @default createFullTextIndex
   */
  readonly createIndex?: () => FullTextIndex;
}

/** An embedded backend: also exposes its records, for snapshots. */
export interface EmbeddedLongTermBackend extends LongTermMemoryBackend {
  /** Every record, in the order added. */
  records(): readonly LongTermRecord[];
  /** Every message marked recorded, by owner and session (batches of at most `maxMessageIdsPerRequest`). */
  recordedMessages(): readonly LongTermRecordedMessages[];
}

interface OwnerShelf {
  readonly owner: MemoryOwner;
  readonly index: FullTextIndex;
  readonly records: Map<string, LongTermRecord>;
  /** Message ids marked recorded, by session id (`''`: none). */
  readonly recorded: Map<string, Set<string>>;
}

const ADDED: LongTermAddResult = Object.freeze({ status: 'added' });

/** How many text and vector candidates feed the fusion, at least. */
const MIN_CANDIDATES = 50;

/**
 * The default long-term memory backend: no server, in memory. Each owner
 * has its own BM25 full-text index (`createFullTextIndex`), so a search
 * only ever reads that owner's records; with a request embedding, the
 * text ranking and the cosine ranking of the owner's embedded records are
 * fused by reciprocal rank fusion. Writes go through the optional
 * `journal` first (persistence: `@acm/store-file`'s
 * `createFileLongTermBackend`), then apply; operations run one at a time.
 *
 * @throws InvalidArgumentError when `records` is invalid or repeats an id.
 */
export function createEmbeddedLongTermBackend({
  records: initial = [],
  recordedMessages: initialMessages = [],
  journal,
  createIndex = createFullTextIndex,
}: CreateEmbeddedLongTermBackendOptions = {}): EmbeddedLongTermBackend {
  const shelves = new Map<string, OwnerShelf>();
  const owners = new Map<string, string>(); // record id → owner key
  let queue: Promise<unknown> = Promise.resolve();

  const assertNewIds = (records: readonly LongTermRecord[]) => {
    for (const [index, record] of records.entries()) {
      if (owners.has(record.id)) {
        throw new InvalidArgumentError({
          parameter: `records[${index}].id`,
          value: record.id,
          message: 'a record with this id is already stored',
        });
      }
    }
  };

  const shelfOf = (owner: MemoryOwner): OwnerShelf => {
    const key = memoryOwnerKey(owner);
    let shelf = shelves.get(key);
    if (shelf === undefined) {
      shelf = {
        owner: copyOwner(owner),
        index: createIndex(),
        records: new Map(),
        recorded: new Map(),
      };
      shelves.set(key, shelf);
    }
    return shelf;
  };

  /** The ids of `messages` marked recorded already, in request order. */
  const markedOf = (messages: LongTermRecordedMessages): string[] => {
    const marked = shelves
      .get(memoryOwnerKey(messages.owner))
      ?.recorded.get(messages.sessionId ?? '');
    return marked === undefined
      ? []
      : messages.messageIds.filter((id) => marked.has(id));
  };

  const apply = (entry: LongTermJournalEntry): number => {
    if (entry.op === 'add') {
      for (const record of entry.records) {
        const copy = copyLongTermRecord(record);
        const shelf = shelfOf(copy.owner);
        shelf.records.set(copy.id, copy);
        shelf.index.add(copy.id, copy.text);
        owners.set(copy.id, memoryOwnerKey(copy.owner));
      }
      if (entry.messages !== undefined) {
        const shelf = shelfOf(entry.messages.owner);
        const session = entry.messages.sessionId ?? '';
        let marked = shelf.recorded.get(session);
        if (marked === undefined) {
          marked = new Set();
          shelf.recorded.set(session, marked);
        }
        for (const id of entry.messages.messageIds) marked.add(id);
      }
      return entry.records.length;
    }
    const key = memoryOwnerKey(entry.owner);
    const shelf = shelves.get(key);
    if (shelf === undefined) return 0;
    for (const id of shelf.records.keys()) owners.delete(id);
    shelves.delete(key);
    return shelf.records.size;
  };

  for (let start = 0; start < initial.length; start += 1000) {
    const batch = initial.slice(start, start + 1000);
    assertValidLongTermRecords(batch);
    assertNewIds(batch);
    apply({ op: 'add', records: batch });
  }
  initialMessages.forEach((messages, index) => {
    assertValidLongTermRecordedMessages(messages, `recordedMessages[${index}]`);
    apply({ op: 'add', records: [], messages });
  });

  /** Runs operations one at a time, in call order. */
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  };

  const write = async (entry: LongTermJournalEntry): Promise<number> => {
    if (journal !== undefined) await journal(entry);
    return apply(entry);
  };

  const searchNow = (request: LongTermSearchRequest): LongTermSearchHit[] => {
    const shelf = shelves.get(memoryOwnerKey(request.owner));
    if (shelf === undefined) return [];
    const candidates = Math.max(MIN_CANDIDATES, request.limit * 4);
    const text = shelf.index.search(
      request.query,
      request.embedding === undefined ? request.limit : candidates,
    );
    if (request.embedding === undefined) {
      return text.map(({ id, score }) => ({
        record: shelf.records.get(id)!,
        score,
      }));
    }
    const embedding = request.embedding;
    const vector: { id: string; score: number }[] = [];
    for (const record of shelf.records.values()) {
      if (record.embedding === undefined) continue;
      const score = cosineSimilarity(embedding, record.embedding);
      if (score > 0) vector.push({ id: record.id, score });
    }
    vector.sort((a, b) => b.score - a.score);
    return fuseRankings([
      text.map((match) => match.id),
      vector.slice(0, candidates).map((match) => match.id),
    ])
      .slice(0, request.limit)
      .map(({ id, score }) => ({ record: shelf.records.get(id)!, score }));
  };

  return {
    add(records, options) {
      return serial(async (): Promise<LongTermAddResult> => {
        assertValidLongTermRecords(records);
        const messages = messagesOf(options, records);
        assertNewIds(records);
        if (messages !== undefined) {
          const marked = markedOf(messages);
          if (marked.length > 0) {
            return { status: 'already-recorded', messageIds: marked };
          }
        }
        if (
          records.length === 0 &&
          (messages === undefined || messages.messageIds.length === 0)
        ) {
          return ADDED;
        }
        await write({
          op: 'add',
          records: records.map(copyLongTermRecord),
          ...(messages !== undefined
            ? { messages: copyRecordedMessages(messages) }
            : {}),
        });
        return ADDED;
      });
    },
    findRecordedMessages(request) {
      return serial(() => {
        assertValidLongTermRecordedMessages(request);
        return Promise.resolve(markedOf(request));
      });
    },
    search(request) {
      return serial(() => {
        assertValidLongTermSearch(request);
        return Promise.resolve(searchNow(request));
      });
    },
    deleteOwner(owner) {
      return serial(async () => {
        assertValidMemoryOwner(owner);
        if (!shelves.has(memoryOwnerKey(owner))) return 0;
        return write({ op: 'delete-owner', owner: copyOwner(owner) });
      });
    },
    records() {
      const all: LongTermRecord[] = [];
      for (const shelf of shelves.values()) all.push(...shelf.records.values());
      return all.sort((a, b) => a.createdAt - b.createdAt);
    },
    recordedMessages() {
      const all: LongTermRecordedMessages[] = [];
      for (const shelf of shelves.values()) {
        for (const [session, ids] of shelf.recorded) {
          all.push(
            ...batchLongTermRecordedMessages(shelf.owner, session, [...ids]),
          );
        }
      }
      return all;
    },
  };
}

/**
 * `options.messages` of an `add`, checked (records of its owner), or
 * `undefined`.
 * @throws InvalidArgumentError for options that are not an object or bad messages.
 */
function messagesOf(
  options: unknown,
  records: readonly LongTermRecord[],
): LongTermRecordedMessages | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') {
    throw new InvalidArgumentError({
      parameter: 'options',
      value: options,
      message: 'must be an object { messages? } when given',
    });
  }
  const { messages } = options as { messages?: unknown };
  if (messages === undefined) return undefined;
  assertValidLongTermRecordedMessages(messages, 'options.messages', records);
  return messages;
}

/** A frozen copy of an owner with only the ids it has. */
function copyOwner(owner: MemoryOwner): MemoryOwner {
  return Object.freeze({
    ...(owner.userId !== undefined ? { userId: owner.userId } : {}),
    ...(owner.agentId !== undefined ? { agentId: owner.agentId } : {}),
  });
}

function copyRecordedMessages(
  messages: LongTermRecordedMessages,
): LongTermRecordedMessages {
  return Object.freeze({
    owner: copyOwner(messages.owner),
    ...(messages.sessionId !== undefined
      ? { sessionId: messages.sessionId }
      : {}),
    messageIds: Object.freeze([...messages.messageIds]),
  });
}

/**
 * Rebuilds the records from journal entries in order (adds and owner
 * deletes), for `createEmbeddedLongTermBackend({ records })` after a restart.
 * An add of an id already present keeps the first (a journal written twice
 * after a crash stays readable).
 */
export function replayLongTermJournal(
  entries: Iterable<LongTermJournalEntry>,
): LongTermRecord[] {
  const records = new Map<string, LongTermRecord>();
  for (const entry of entries) {
    if (entry.op === 'add') {
      for (const record of entry.records) {
        if (!records.has(record.id)) records.set(record.id, record);
      }
    } else {
      const key = memoryOwnerKey(entry.owner);
      for (const [id, record] of records) {
        if (memoryOwnerKey(record.owner) === key) records.delete(id);
      }
    }
  }
  return [...records.values()];
}
