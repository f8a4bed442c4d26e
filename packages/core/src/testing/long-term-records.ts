/** The owners and records `runLongTermBackendConformance` adds. */
import type { LongTermRecord } from '../tools/long-term/long-term-memory-backend';
import type { MemoryOwner } from '../tools/long-term/memory-owner';

export const alice: MemoryOwner = { userId: 'alice' };
export const bob: MemoryOwner = { userId: 'bob' };
export const aliceOfAgent: MemoryOwner = {
  userId: 'alice',
  agentId: 'travel-agent',
};
export const agentOnly: MemoryOwner = { agentId: 'travel-agent' };

let sequence = 0;
/** A record of `owner` with a fresh id and creation time (both from one sequence per process). */
export function makeRecord(
  owner: MemoryOwner,
  text: string,
  extra: Partial<LongTermRecord> = {},
): LongTermRecord {
  sequence++;
  return {
    id: `record-${sequence}`,
    owner,
    text,
    createdAt: 1_700_000_000_000 + sequence,
    source: 'agent',
    ...extra,
  };
}
