/**
 * The limits every long-term memory backend enforces (with
 * `assertValidLongTermRecords` and `assertValidLongTermSearch`), so a record
 * accepted by one backend is accepted by all.
 */
export const LONG_TERM_LIMITS = Object.freeze({
  /** Longest `userId` / `agentId`. */
  maxOwnerIdChars: 256,
  /** Longest record id. */
  maxRecordIdChars: 256,
  /** Longest record text, in UTF-16 code units. Longer text is split by `createLongTermMemory`. */
  maxTextChars: 32_000,
  /** Most records in one `add` call. */
  maxRecordsPerAdd: 1_000,
  /** Most metadata entries on a record. */
  maxMetadataEntries: 32,
  /** Longest metadata key or value. */
  maxMetadataChars: 1_000,
  /** Most dimensions of an embedding. */
  maxEmbeddingDimensions: 8_192,
  /** Longest search query. */
  maxQueryChars: 4_000,
  /** Largest `limit` of a search. */
  maxSearchLimit: 100,
  /** Longest message id marked recorded (`LongTermRecordedMessages`). */
  maxMessageIdChars: 512,
  /** Longest session id of recorded messages. */
  maxSessionIdChars: 256,
  /** Most message ids in one `findRecordedMessages` or `add` request. */
  maxMessageIdsPerRequest: 1_000,
} as const);
