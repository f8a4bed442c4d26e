import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { assertValidLongTermRecordedMessages } from './assert-valid-long-term-recorded-messages';
import { assertValidLongTermRecords } from './assert-valid-long-term-records';
import { assertValidLongTermSearch } from './assert-valid-long-term-search';
import { copyLongTermRecord } from './copy-long-term-record';
import { cosineSimilarity, fuseRankings } from './fuse-rankings';
import type {
  LongTermAddOptions,
  LongTermAddResult,
  LongTermMemoryBackend,
  LongTermRecord,
  LongTermRecordedMessages,
  LongTermSearchHit,
  LongTermSearchRequest,
} from './long-term-memory-backend';
import { assertValidMemoryOwner, memoryOwnerKey } from './memory-owner';
import type { MemoryOwner } from './memory-owner';
import { tokenizeForSearch } from './tokenize-for-search';

interface Entry {
  readonly record: LongTermRecord;
  readonly terms: ReadonlyMap<string, number>;
  readonly length: number;
}

/**
 * A long-term memory backend in a plain map: BM25 over each owner's records
 * (a scan, fine for tests and small data) fused with cosine similarity when
 * embeddings are given. Nothing persists. For production use the embedded
 * backend (`createEmbeddedLongTermBackend`) or a database one.
 */
export function createInMemoryLongTermBackend(): LongTermMemoryBackend {
  const byOwner = new Map<string, Map<string, Entry>>();
  const ids = new Set<string>();
  /** Message ids marked recorded, by owner key and session id (`''`: none). */
  const marks = new Map<string, Map<string, Set<string>>>();

  return {
    add(records, options) {
      return settle(() => addNow(records, options));
    },
    findRecordedMessages(request) {
      return settle(() => {
        assertValidLongTermRecordedMessages(request);
        return markedOf(request);
      });
    },
    search(request) {
      return settle(() => searchNow(request));
    },
    deleteOwner(owner: MemoryOwner) {
      return settle(() => deleteNow(owner));
    },
  };

  function markedOf(messages: LongTermRecordedMessages): string[] {
    const marked = marks
      .get(memoryOwnerKey(messages.owner))
      ?.get(messages.sessionId ?? '');
    return messages.messageIds.filter((id) => marked?.has(id) === true);
  }

  function addNow(
    records: readonly LongTermRecord[],
    options: LongTermAddOptions | undefined,
  ): LongTermAddResult {
    assertValidLongTermRecords(records);
    if (
      options !== undefined &&
      (options === null || typeof options !== 'object')
    ) {
      throw new InvalidArgumentError({
        parameter: 'options',
        value: options,
        message: 'must be an object { messages? } when given',
      });
    }
    const messages = options?.messages;
    if (messages !== undefined) {
      assertValidLongTermRecordedMessages(
        messages,
        'options.messages',
        records,
      );
    }
    for (const [index, record] of records.entries()) {
      if (ids.has(record.id)) {
        throw new InvalidArgumentError({
          parameter: `records[${index}].id`,
          value: record.id,
          message: 'a record with this id is already stored',
        });
      }
    }
    if (messages !== undefined) {
      const marked = markedOf(messages);
      if (marked.length > 0) {
        return { status: 'already-recorded', messageIds: marked };
      }
    }
    for (const record of records) {
      const copy = copyLongTermRecord(record);
      const terms = new Map<string, number>();
      const tokens = tokenizeForSearch(copy.text);
      for (const term of tokens) terms.set(term, (terms.get(term) ?? 0) + 1);
      const key = memoryOwnerKey(copy.owner);
      let entries = byOwner.get(key);
      if (entries === undefined) {
        entries = new Map<string, Entry>();
        byOwner.set(key, entries);
      }
      entries.set(copy.id, { record: copy, terms, length: tokens.length });
      ids.add(copy.id);
    }
    if (messages !== undefined) {
      const key = memoryOwnerKey(messages.owner);
      let sessions = marks.get(key);
      if (sessions === undefined) {
        sessions = new Map();
        marks.set(key, sessions);
      }
      const session = messages.sessionId ?? '';
      let marked = sessions.get(session);
      if (marked === undefined) {
        marked = new Set();
        sessions.set(session, marked);
      }
      for (const id of messages.messageIds) marked.add(id);
    }
    return { status: 'added' };
  }

  function searchNow(request: LongTermSearchRequest): LongTermSearchHit[] {
    assertValidLongTermSearch(request);
    const entries = byOwner.get(memoryOwnerKey(request.owner));
    if (entries === undefined || entries.size === 0) return [];
    const queryTerms = [...new Set(tokenizeForSearch(request.query))];
    const textRanking = rankBm25([...entries.values()], queryTerms);
    let ranked: readonly { id: string; score: number }[] = textRanking;
    if (request.embedding !== undefined) {
      const embedding = request.embedding;
      const vectorRanking = [...entries.values()]
        .filter((entry) => entry.record.embedding !== undefined)
        .map((entry) => ({
          id: entry.record.id,
          score: cosineSimilarity(embedding, entry.record.embedding!),
        }))
        .filter((scored) => scored.score > 0)
        .sort((a, b) => b.score - a.score);
      ranked = fuseRankings([
        textRanking.map((hit) => hit.id),
        vectorRanking.map((hit) => hit.id),
      ]);
    }
    return ranked
      .slice(0, request.limit)
      .map(({ id, score }): LongTermSearchHit => ({
        record: entries.get(id)!.record,
        score,
      }));
  }

  function deleteNow(owner: MemoryOwner): number {
    assertValidMemoryOwner(owner);
    const key = memoryOwnerKey(owner);
    marks.delete(key);
    const entries = byOwner.get(key);
    if (entries === undefined) return 0;
    for (const id of entries.keys()) ids.delete(id);
    byOwner.delete(key);
    return entries.size;
  }
}

/** Runs `action` and turns what it returns or throws into a promise. */
function settle<T>(action: () => T): Promise<T> {
  return new Promise<T>((resolve) => resolve(action()));
}

/** Ids of the entries holding at least one query term, by BM25 (k1 1.2, b 0.75), best first; ties by insertion order. */
function rankBm25(
  entries: readonly Entry[],
  queryTerms: readonly string[],
): { id: string; score: number }[] {
  if (queryTerms.length === 0) return [];
  const count = entries.length;
  const averageLength =
    entries.reduce((sum, entry) => sum + entry.length, 0) / count || 1;
  const scored: { id: string; score: number; order: number }[] = [];
  const frequency = new Map(
    queryTerms.map((term) => [
      term,
      entries.filter((entry) => entry.terms.has(term)).length,
    ]),
  );
  entries.forEach((entry, order) => {
    let score = 0;
    for (const term of queryTerms) {
      const tf = entry.terms.get(term);
      if (tf === undefined) continue;
      const df = frequency.get(term)!;
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      score +=
        (idf * tf * 2.2) /
        (tf + 1.2 * (1 - 0.75 + (0.75 * entry.length) / averageLength));
    }
    if (score > 0) scored.push({ id: entry.record.id, score, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ id, score }) => ({ id, score }));
}
