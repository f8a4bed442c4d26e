import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { LongTermRecord } from './long-term-memory-backend';
import { LONG_TERM_LIMITS } from './long-term-limits';
import { assertValidMemoryOwner } from './memory-owner';
import { isRecord } from '../../vocabulary/util/is-record';

const SOURCES = new Set(['agent', 'framework', 'compression']);

/**
 * Checks a batch for `LongTermMemoryBackend.add`: an array of at most
 * `maxRecordsPerAdd` records, each with a non-blank id (unique in the
 * batch), a valid owner, a non-blank text within `maxTextChars`, a finite
 * `createdAt`, a known source, an embedding of finite numbers and string
 * metadata within the limits. Backends call it before storing anything.
 *
 * @throws InvalidArgumentError naming the first bad record and field.
 */
export function assertValidLongTermRecords(
  records: unknown,
): asserts records is readonly LongTermRecord[] {
  if (!Array.isArray(records)) {
    throw new InvalidArgumentError({
      parameter: 'records',
      value: records,
      message: 'must be an array of long-term records',
    });
  }
  if (records.length > LONG_TERM_LIMITS.maxRecordsPerAdd) {
    throw new InvalidArgumentError({
      parameter: 'records',
      value: records.length,
      message: `at most ${LONG_TERM_LIMITS.maxRecordsPerAdd} records per add (got ${records.length})`,
    });
  }
  const ids = new Set<string>();
  records.forEach((record: unknown, index) => {
    const parameter = `records[${index}]`;
    const fail = (field: string, value: unknown, message: string): never => {
      throw new InvalidArgumentError({
        parameter: `${parameter}.${field}`,
        value,
        message,
      });
    };
    if (record === null || typeof record !== 'object') {
      throw new InvalidArgumentError({
        parameter,
        value: record,
        message: 'must be a long-term record object',
      });
    }
    const r = record as Record<string, unknown>;
    if (typeof r.id !== 'string' || r.id.trim() === '') {
      fail('id', r.id, 'must be a non-blank string');
    }
    const id = r.id as string;
    if (id.length > LONG_TERM_LIMITS.maxRecordIdChars) {
      fail(
        'id',
        id,
        `is longer than ${LONG_TERM_LIMITS.maxRecordIdChars} characters`,
      );
    }
    if (ids.has(id)) fail('id', id, 'appears twice in the batch');
    ids.add(id);
    assertValidMemoryOwner(r.owner, `${parameter}.owner`);
    if (typeof r.text !== 'string' || r.text.trim() === '') {
      fail('text', r.text, 'must be a non-blank string');
    }
    if ((r.text as string).length > LONG_TERM_LIMITS.maxTextChars) {
      fail(
        'text',
        (r.text as string).length,
        `is longer than ${LONG_TERM_LIMITS.maxTextChars} characters`,
      );
    }
    if (typeof r.createdAt !== 'number' || !Number.isFinite(r.createdAt)) {
      fail('createdAt', r.createdAt, 'must be a finite number (epoch ms)');
    }
    if (typeof r.source !== 'string' || !SOURCES.has(r.source)) {
      fail('source', r.source, "must be 'agent', 'framework' or 'compression'");
    }
    if (
      r.sessionId !== undefined &&
      (typeof r.sessionId !== 'string' || r.sessionId === '')
    ) {
      fail('sessionId', r.sessionId, 'must be a non-empty string when given');
    }
    if (r.embedding !== undefined)
      assertValidEmbedding(r.embedding, `${parameter}.embedding`);
    if (r.metadata !== undefined) {
      const metadata = r.metadata;
      if (!isRecord(metadata)) {
        fail('metadata', metadata, 'must be an object of strings');
      }
      const entries = Object.entries(metadata as object);
      if (entries.length > LONG_TERM_LIMITS.maxMetadataEntries) {
        fail(
          'metadata',
          entries.length,
          `at most ${LONG_TERM_LIMITS.maxMetadataEntries} entries`,
        );
      }
      for (const [key, value] of entries) {
        if (
          typeof value !== 'string' ||
          key.length > LONG_TERM_LIMITS.maxMetadataChars ||
          value.length > LONG_TERM_LIMITS.maxMetadataChars
        ) {
          fail(
            `metadata.${key}`,
            value,
            `must be a string of at most ${LONG_TERM_LIMITS.maxMetadataChars} characters`,
          );
        }
      }
    }
  });
}

/**
 * Checks an embedding: a non-empty array of finite numbers, at most
 * `maxEmbeddingDimensions` long.
 *
 * @throws InvalidArgumentError otherwise.
 */
export function assertValidEmbedding(
  embedding: unknown,
  parameter = 'embedding',
): asserts embedding is readonly number[] {
  if (
    !Array.isArray(embedding) ||
    embedding.length === 0 ||
    embedding.length > LONG_TERM_LIMITS.maxEmbeddingDimensions ||
    !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new InvalidArgumentError({
      parameter,
      value: Array.isArray(embedding)
        ? `array(${embedding.length})`
        : embedding,
      message: `must be a non-empty array of at most ${LONG_TERM_LIMITS.maxEmbeddingDimensions} finite numbers`,
    });
  }
}
