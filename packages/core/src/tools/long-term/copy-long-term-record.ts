import type { LongTermRecord } from './long-term-memory-backend';

/** A frozen deep copy of a record, so a backend shares nothing with its caller. */
export function copyLongTermRecord(record: LongTermRecord): LongTermRecord {
  return Object.freeze({
    id: record.id,
    owner: Object.freeze({
      ...(record.owner.userId !== undefined
        ? { userId: record.owner.userId }
        : {}),
      ...(record.owner.agentId !== undefined
        ? { agentId: record.owner.agentId }
        : {}),
    }),
    text: record.text,
    createdAt: record.createdAt,
    ...(record.sessionId !== undefined ? { sessionId: record.sessionId } : {}),
    source: record.source,
    ...(record.embedding !== undefined
      ? { embedding: Object.freeze([...record.embedding]) }
      : {}),
    ...(record.metadata !== undefined
      ? { metadata: Object.freeze({ ...record.metadata }) }
      : {}),
  });
}
