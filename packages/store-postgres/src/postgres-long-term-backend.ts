import { InvalidArgumentError, InvalidConfigError } from '@acm/core';
import {
  LongTermMemoryError,
  assertValidLongTermRecordedMessages,
  assertValidLongTermRecords,
  assertValidLongTermSearch,
  assertValidMemoryOwner,
  fuseRankings,
  isSameMemoryOwner,
  tokenizeForSearch,
} from '@acm/core/long-term';
import type {
  LongTermAddOptions,
  LongTermAddResult,
  LongTermMemoryBackend,
  LongTermRecord,
  LongTermRecordedMessages,
  LongTermSearchHit,
  LongTermSearchRequest,
  MemoryOwner,
} from '@acm/core/long-term';
import { decodeJsonbText, encodeJsonbText } from './encode-jsonb-text';
import { longTermTableNames } from './migrate-postgres-long-term-backend';
import type { PostgresSessionStorePool } from './postgres-session-store-pool';

export interface PostgresLongTermBackendOptions {
  /**
   * A `pg` Pool connected to the database. The backend never ends it. Give
   * it an `'error'` listener: `pg` emits errors of idle connections there.
   */
  pool: PostgresSessionStorePool;
  /**
   * The table, created by `migratePostgresLongTermBackend`.
   * @default 'acm_long_term'
   */
  table?: string;
  /**
   * How text is split into searchable words. By default core's
   * `tokenizeForSearch`, as every backend: lower-cased, accents removed,
   * stop words dropped, joined ids (`sophia_silva_7557`, `#W4817420`) kept
   * whole and in parts, no stemming, so identifiers are found as written and
   * rankings agree with the embedded backend. A PostgreSQL text search
   * configuration (`'english'`, `'german'`, …) uses `to_tsvector(language,
   * text)` instead (stemming, that language's stop words). Records keep the
   * words they were added with: change it on a new table.
   * @default undefined (core's tokenizer)
   */
  language?: string;
}

const ADDED: LongTermAddResult = Object.freeze({ status: 'added' });

/** BM25's term-frequency saturation and length normalization (as core's `createFullTextIndex`). */
const K1 = 1.2;
const B = 0.75;
/** How many candidates each ranking (words, embedding) contributes to the fusion, per hit asked. */
const CANDIDATES_PER_HIT = 4;
const LANGUAGE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * A {@link LongTermMemoryBackend} on PostgreSQL, for several instances
 * sharing one memory: full-text search on a `tsvector` column with a GIN
 * index, ranked by BM25 (term and document frequencies over the owner's
 * records, computed in the query), and, when records and the query carry
 * embeddings, cosine similarity computed in SQL on `float8[]` (pgvector is
 * not in Debian 12's packages), fused with the words' ranking by reciprocal
 * rank (core's `fuseRankings`, as the other backends). Run
 * `migratePostgresLongTermBackend` once first.
 *
 * Every statement filters by both owner columns, so another owner's records
 * are never read, returned or deleted. An `add` is one statement (all or
 * nothing); a taken id is refused with `InvalidArgumentError`. The messages
 * an `add` marks recorded go into `<table>_marks` in that same statement,
 * under a primary key (owner, session, message id): when another instance
 * marked one first, the statement fails as a whole and the add resolves
 * `'already-recorded'`, so a message is recorded once however many
 * instances record it. Records come
 * back equal to what was added: the record is kept as JSONB (escaped
 * losslessly: `encodeJsonbText`), the embedding as `float8[]`. Input is
 * validated by core's `assertValidLongTermRecords` /
 * `assertValidLongTermSearch`; server failures become
 * `LongTermMemoryError` with the cause.
 *
 * @throws InvalidConfigError for a missing pool, a bad table name or language.
 */
export function createPostgresLongTermBackend({
  pool,
  table = 'acm_long_term',
  language,
}: PostgresLongTermBackendOptions): LongTermMemoryBackend {
  if (
    pool === null ||
    typeof pool !== 'object' ||
    typeof pool.query !== 'function'
  ) {
    throw new InvalidConfigError({
      parameter: 'pool',
      value: pool,
      message: 'expected a pg Pool',
    });
  }
  if (
    language !== undefined &&
    (typeof language !== 'string' || !LANGUAGE.test(language))
  ) {
    throw new InvalidConfigError({
      parameter: 'language',
      value: language,
      message:
        "expected a text search configuration name such as 'simple' or 'english'",
    });
  }
  const { table: t, marks, marksName } = longTermTableNames(table);
  const owned = `user_id = $1 AND agent_id = $2`;
  /** A lexeme as a one-term tsquery (quoted, so no character of it is an operator). */
  const asQuery = (lexeme: string) =>
    `('''' || replace(replace(${lexeme}, '\\', '\\\\'), '''', '\\''') || '''')::tsquery`;
  /** The insert of records ($1–$7), with the language at `languageAt`. */
  const insertRecords = (languageAt: number) =>
    `INSERT INTO ${t} (id, user_id, agent_id, created_at, record, search, tokens, embedding)
      SELECT r.id, r.user_id, r.agent_id, r.created_at, r.record::jsonb, v.search,
        (SELECT coalesce(sum(coalesce(array_length(w.positions, 1), 1)), 0)
          FROM unnest(v.search) AS w),
        r.embedding::float8[]
      FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[], $6::text[], $7::text[])
        AS r(id, user_id, agent_id, created_at, record, search, embedding)
      CROSS JOIN LATERAL (SELECT ${language === undefined ? 'r.search::tsvector' : `to_tsvector($${languageAt}::regconfig, r.search)`} AS search) AS v`;
  const statements = {
    add: insertRecords(8),
    // The records ($1–$7) and their messages' marks ($8–$11: owner, session,
    // ids) in one statement: a mark taken already fails it as a whole.
    addMarked: `WITH marked AS (
        INSERT INTO ${marks} (user_id, agent_id, session_id, message_id)
        SELECT $8, $9, $10, m FROM unnest($11::text[]) AS m)
      ${insertRecords(12)}`,
    findRecorded: `SELECT m.message_id FROM unnest($4::text[]) WITH ORDINALITY AS r(message_id, position)
      JOIN ${marks} m ON m.user_id = $1 AND m.agent_id = $2 AND m.session_id = $3
        AND m.message_id = r.message_id
      ORDER BY r.position`,
    languageTerms: `SELECT ARRAY(SELECT DISTINCT unnest(tsvector_to_array(to_tsvector($1::regconfig, $2)))) AS terms`,
    // BM25 over the owner's records with binary term frequency, times the
    // share of the query's terms a record holds (as the embedded index): idf
    // from the owner's document frequencies, length from `tokens`; each
    // (record, term) is one `@@` test (unnesting every matching tsvector for
    // exact term frequencies cost more: ADR). The OR of the terms arrives as
    // a parameter ($5): a constant for the planner, which can then use the
    // GIN index for the candidates. MATERIALIZED: each part is computed once,
    // never inlined into the per-record join.
    searchWords: `WITH terms AS MATERIALIZED (
        SELECT lexeme, ${asQuery('lexeme')} AS q FROM (SELECT DISTINCT lexeme FROM unnest($3::text[]) AS lexeme) AS l),
      corpus AS MATERIALIZED (
        SELECT count(*)::float8 AS n, coalesce(avg(tokens), 1)::float8 AS avgdl,
          (SELECT count(*) FROM terms)::float8 AS terms
        FROM ${t} WHERE ${owned}),
      idf AS MATERIALIZED (
        SELECT terms.q, ln(1 + (corpus.n - df.n + 0.5) / (df.n + 0.5)) AS idf
        FROM terms CROSS JOIN corpus CROSS JOIN LATERAL (
          SELECT count(*)::float8 AS n FROM ${t}
          WHERE ${owned} AND search @@ terms.q) AS df),
      scored AS (
        SELECT h.id, h.created_at,
          sum(idf.idf * ${K1 + 1} / (1 + ${K1} * (${1 - B} + ${B} * h.tokens / greatest(corpus.avgdl, 1))))
            * count(*) / corpus.terms AS score
        FROM ${t} AS h CROSS JOIN corpus
        JOIN idf ON h.search @@ idf.q
        WHERE h.user_id = $1 AND h.agent_id = $2 AND h.search @@ $5::tsquery
        GROUP BY h.id, h.created_at, corpus.terms
        ORDER BY score DESC, h.created_at DESC, h.id
        LIMIT $4)
      SELECT s.score, r.record::text AS record, r.embedding
      FROM scored s JOIN ${t} r ON r.id = s.id AND r.user_id = $1 AND r.agent_id = $2
      ORDER BY s.score DESC, s.created_at DESC, s.id`,
    // Cosine similarity in SQL (no pgvector): a scan of the owner's embedded records.
    searchEmbedding: `SELECT v.score, r.record::text AS record, r.embedding
      FROM ${t} r CROSS JOIN LATERAL (
        SELECT sum(x.a * x.b) / nullif(sqrt(sum(x.a * x.a)) * sqrt(sum(x.b * x.b)), 0) AS score
        FROM unnest(r.embedding, $3::float8[]) AS x(a, b)) AS v
      WHERE ${owned} AND r.embedding IS NOT NULL
        AND cardinality(r.embedding) = cardinality($3::float8[]) AND v.score > 0
      ORDER BY v.score DESC, r.created_at DESC, r.id
      LIMIT $4`,
    deleteOwner: `WITH unmarked AS (DELETE FROM ${marks} WHERE ${owned})
      DELETE FROM ${t} WHERE ${owned}`,
  };

  const fail = (
    operation: 'add' | 'search' | 'delete',
    error: unknown,
  ): Error => {
    if (InvalidArgumentError.isInstance(error)) return error;
    if (LongTermMemoryError.isInstance(error)) return error;
    const detail = error instanceof Error ? error.message : String(error);
    const hint =
      sqlState(error) === '42P01'
        ? ` (run migratePostgresLongTermBackend again: this version also needs ${marks})`
        : '';
    return new LongTermMemoryError({
      operation,
      message: `Postgres long-term memory ${t} failed to ${operation}: ${detail}${hint}`,
      cause: error,
    });
  };

  /** Of the request's ids, those marked (as given, in request order). */
  const findRecorded = async (
    request: LongTermRecordedMessages,
  ): Promise<string[]> => {
    if (request.messageIds.length === 0) return [];
    const key = ownerColumns(request.owner);
    const asGiven = new Map(
      request.messageIds.map((id) => [toColumnText(id), id]),
    );
    const { rows } = await pool.query<{ message_id: string }>(
      statements.findRecorded,
      [
        key.userId,
        key.agentId,
        toColumnText(request.sessionId ?? ''),
        [...asGiven.keys()],
      ],
    );
    return rows.map((row) => asGiven.get(row.message_id) ?? row.message_id);
  };

  /** Reads a row back into a record; a row that does not parse, or of another owner, is corrupt. */
  const toRecord = (row: SearchRow, owner: MemoryOwner): LongTermRecord => {
    let record: LongTermRecord;
    try {
      record = JSON.parse(decodeJsonbText(row.record)) as LongTermRecord;
    } catch (error) {
      throw new LongTermMemoryError({
        operation: 'search',
        message: `Postgres long-term memory ${t} holds a corrupt record: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      });
    }
    if (
      record === null ||
      typeof record !== 'object' ||
      typeof record.owner !== 'object' ||
      !isSameMemoryOwner(record.owner, owner)
    ) {
      throw new LongTermMemoryError({
        operation: 'search',
        message: `Postgres long-term memory ${t} holds a record whose owner does not match its columns`,
      });
    }
    return row.embedding === null
      ? record
      : { ...record, embedding: row.embedding };
  };

  const search = async (
    request: LongTermSearchRequest,
  ): Promise<readonly LongTermSearchHit[]> => {
    const { owner, query, limit, embedding } = request;
    const key = ownerColumns(owner);
    const candidates =
      embedding === undefined ? limit : limit * CANDIDATES_PER_HIT;
    const terms =
      language === undefined
        ? [...new Set(tokenizeForSearch(query).map(clipTerm))]
        : (
            await pool.query<{ terms: string[] }>(statements.languageTerms, [
              language,
              foldText(query),
            ])
          ).rows[0]!.terms;
    const words =
      terms.length === 0
        ? { rows: [] }
        : await pool.query<SearchRow>(statements.searchWords, [
            key.userId,
            key.agentId,
            terms,
            candidates,
            terms.map(quoteLexeme).join(' | '),
          ]);
    const wordHits = words.rows.map((row) => ({
      record: toRecord(row, owner),
      score: Number(row.score),
    }));
    if (embedding === undefined) return wordHits;
    const near = await pool.query<SearchRow>(statements.searchEmbedding, [
      key.userId,
      key.agentId,
      embedding,
      candidates,
    ]);
    const nearHits = near.rows.map((row) => ({
      record: toRecord(row, owner),
      score: Number(row.score),
    }));
    const byId = new Map(
      [...wordHits, ...nearHits].map((hit) => [hit.record.id, hit.record]),
    );
    return fuseRankings([
      wordHits.map((hit) => hit.record.id),
      nearHits.map((hit) => hit.record.id),
    ])
      .slice(0, limit)
      .map(({ id, score }) => ({ record: byId.get(id)!, score }));
  };

  return {
    async add(
      records: readonly LongTermRecord[],
      options?: LongTermAddOptions,
    ): Promise<LongTermAddResult> {
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
      if (
        records.length === 0 &&
        (messages === undefined || messages.messageIds.length === 0)
      ) {
        return ADDED;
      }
      const columns = {
        id: [] as string[],
        userId: [] as string[],
        agentId: [] as string[],
        createdAt: [] as number[],
        record: [] as string[],
        search: [] as string[],
        embedding: [] as (string | null)[],
      };
      for (const record of records) {
        const { embedding, ...rest } = record;
        const key = ownerColumns(record.owner);
        columns.id.push(toColumnText(record.id));
        columns.userId.push(key.userId);
        columns.agentId.push(key.agentId);
        columns.createdAt.push(record.createdAt);
        columns.record.push(encodeJsonbText(JSON.stringify(rest)));
        columns.search.push(
          language === undefined
            ? toTsvectorLiteral(record.text)
            : foldText(record.text),
        );
        columns.embedding.push(
          embedding === undefined ? null : toFloat8ArrayLiteral(embedding),
        );
      }
      const values: unknown[] = [
        columns.id,
        columns.userId,
        columns.agentId,
        columns.createdAt,
        columns.record,
        columns.search,
        columns.embedding,
      ];
      if (messages !== undefined) {
        const key = ownerColumns(messages.owner);
        values.push(
          key.userId,
          key.agentId,
          toColumnText(messages.sessionId ?? ''),
          messages.messageIds.map(toColumnText),
        );
      }
      if (language !== undefined) values.push(language);
      // A mark taken by a writer that then deleted the owner is gone when we
      // look: the add is tried again (a bounded number of times).
      for (let attempt = 1; ; attempt++) {
        try {
          await pool.query(
            messages === undefined ? statements.add : statements.addMarked,
            values,
          );
          return ADDED;
        } catch (error) {
          if (sqlState(error) !== '23505') throw fail('add', error);
          if (messages === undefined || tableOf(error) !== marksName) {
            throw new InvalidArgumentError({
              parameter: 'records',
              value: records.map((record) => record.id),
              message: `a record id is already stored in ${t}; nothing was added`,
              cause: error,
            });
          }
          let taken: string[];
          try {
            taken = await findRecorded(messages);
          } catch (lookup) {
            throw fail('add', lookup);
          }
          if (taken.length > 0) {
            return { status: 'already-recorded', messageIds: taken };
          }
          if (attempt === 3) throw fail('add', error);
        }
      }
    },

    async findRecordedMessages(request) {
      assertValidLongTermRecordedMessages(request);
      try {
        return await findRecorded(request);
      } catch (error) {
        throw fail('search', error);
      }
    },

    async search(request) {
      assertValidLongTermSearch(request);
      try {
        return await search(request);
      } catch (error) {
        throw fail('search', error);
      }
    },

    async deleteOwner(owner: MemoryOwner): Promise<number> {
      assertValidMemoryOwner(owner);
      const key = ownerColumns(owner);
      try {
        const { rowCount } = await pool.query(statements.deleteOwner, [
          key.userId,
          key.agentId,
        ]);
        return rowCount ?? 0;
      } catch (error) {
        throw fail('delete', error);
      }
    },
  };
}

interface SearchRow extends Record<string, unknown> {
  readonly score: number | string;
  readonly record: string;
  readonly embedding: number[] | null;
}

/** The owner's columns: each field as stored, `''` (never a valid id) when absent. */
function ownerColumns(owner: MemoryOwner): { userId: string; agentId: string } {
  return {
    userId: toColumnText(owner.userId ?? ''),
    agentId: toColumnText(owner.agentId ?? ''),
  };
}

/**
 * A string as a `text` column can hold it: PostgreSQL refuses `\u0000`, and
 * the driver would replace a lone surrogate, so both (and U+0001, the escape
 * character) are escaped as in `encodeJsonbText`. Injective, and the identity
 * on every other string.
 */
function toColumnText(value: string): string {
  // eslint-disable-next-line no-control-regex -- NUL and U+0001 are what it escapes
  return /[\u0000\u0001\ud800-\udfff]/.test(value)
    ? (JSON.parse(encodeJsonbText(JSON.stringify(value))) as string)
    : value;
}

/** Longest word indexed (longer ones are cut, at insert and search alike): PostgreSQL refuses lexemes over 2 KB. */
const MAX_TERM_CHARS = 255;
/** Positions kept per word: PostgreSQL keeps at most 256, up to position 16383. */
const MAX_POSITIONS = 256;
const MAX_POSITION = 16_383;

/** A lexeme as a quoted `tsquery` operand (no character of it is an operator). */
function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function clipTerm(term: string): string {
  return term.length > MAX_TERM_CHARS ? term.slice(0, MAX_TERM_CHARS) : term;
}

/** Text for `to_tsvector`: accents removed (as core's tokenizer does) and storable in a text column. */
function foldText(text: string): string {
  return toColumnText(text.normalize('NFKD').replace(/\p{M}+/gu, ''));
}

/**
 * The `tsvector` of a text by core's `tokenizeForSearch`, as a literal:
 * each term quoted, with its positions (so BM25 gets term frequencies).
 */
function toTsvectorLiteral(text: string): string {
  const positions = new Map<string, number[]>();
  tokenizeForSearch(text).forEach((raw, index) => {
    const term = clipTerm(raw);
    const list = positions.get(term) ?? [];
    if (list.length < MAX_POSITIONS)
      list.push(Math.min(index + 1, MAX_POSITION));
    positions.set(term, list);
  });
  return [...positions]
    .map(
      ([term, list]) =>
        `'${term.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}':${[...new Set(list)].join(',')}`,
    )
    .join(' ');
}

/** A `float8[]` literal that keeps every double exactly, `-0` included (`String(-0)` is `'0'`). */
function toFloat8ArrayLiteral(values: readonly number[]): string {
  return `{${values.map((value) => (Object.is(value, -0) ? '-0' : String(value))).join(',')}}`;
}

/** The table a PostgreSQL error names (`pg`'s `table` field), if any. */
function tableOf(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && 'table' in error
    ? String(error.table)
    : undefined;
}

function sqlState(error: unknown): string | undefined {
  return error !== null && typeof error === 'object' && 'code' in error
    ? String(error.code)
    : undefined;
}
