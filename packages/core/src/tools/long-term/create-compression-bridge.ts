import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import type { LongTermMemory, RememberEntry } from './create-long-term-memory';
import { renderMessageForSearch } from './render-message-for-search';

/**
 * What the compression bridge records when content leaves the context:
 * - `'off'`: nothing;
 * - `'messages'`: the original messages of each offload entry a compression
 *   made (one record per message; ACM's own summaries and stubs skipped);
 * - `'summary'`: the replacement messages (the summaries) instead.
 */
export type CompressionRecordMode = 'off' | 'messages' | 'summary';

export const COMPRESSION_RECORD_MODES: readonly CompressionRecordMode[] = [
  'off',
  'messages',
  'summary',
];

/** What the bridge reads from a memory (`AutoContextMemory` fits). */
export interface CompressionBridgeMemory {
  readonly sessionId: string;
  getCompressionEvents(): readonly CompressionEvent[];
  getOffloadContext(): Readonly<Record<string, readonly Message[]>>;
  getMessages(): readonly Message[];
}

export interface CreateCompressionBridgeOptions {
  /** The short-term memory whose compressions to follow. */
  readonly memory: CompressionBridgeMemory;
  /** Where to record (its `remember`, with source `'compression'`). */
  readonly longTerm: Pick<LongTermMemory, 'remember'>;
  /** @default 'messages' */
  readonly record?: CompressionRecordMode;
  /**
   * Start after the compressions the memory already holds (a session
   * resumed from a store whose compressions were recorded before), instead
   * of recording them on the first `sync`.
   * @default false
   */
  readonly skipExisting?: boolean;
}

/** Follows a memory's compressions and records what left the context. */
export interface CompressionBridge {
  readonly record: CompressionRecordMode;
  /**
   * Records what the compressions since the last successful `sync` took out
   * of the context, in one `remember` call; resolves with the number of
   * texts recorded. Calls run one at a time. When `remember` rejects, the
   * same compressions are tried again on the next call (nothing skipped).
   * Call it after `compressIfNeeded()` without awaiting it, so the reply is
   * not delayed.
   */
  sync(): Promise<number>;
}

/**
 * The bridge from compression to long-term memory: it reads the memory's
 * compression events (each applied one carries the offload ids of what it
 * took out, and the offload entries hold the original messages) and
 * records those facts, so what leaves the context stays findable by
 * meaning across sessions. It only reads the memory: the compression
 * engine is untouched. Each message is recorded once per bridge.
 *
 * @throws InvalidArgumentError for a missing memory or long-term memory, or an unknown mode.
 */
export function createCompressionBridge({
  memory,
  longTerm,
  record = 'messages',
  skipExisting = false,
}: CreateCompressionBridgeOptions): CompressionBridge {
  if (
    memory == null ||
    typeof memory.getCompressionEvents !== 'function' ||
    typeof memory.getOffloadContext !== 'function' ||
    typeof memory.getMessages !== 'function'
  ) {
    throw new InvalidArgumentError({
      parameter: 'memory',
      value: memory,
      message:
        'must be a memory with getCompressionEvents, getOffloadContext and getMessages (an AutoContextMemory)',
    });
  }
  if (longTerm == null || typeof longTerm.remember !== 'function') {
    throw new InvalidArgumentError({
      parameter: 'longTerm',
      value: longTerm,
      message: 'must be a long-term memory (createLongTermMemory)',
    });
  }
  if (!COMPRESSION_RECORD_MODES.includes(record)) {
    throw new InvalidArgumentError({
      parameter: 'record',
      value: record,
      message: "must be 'off', 'messages' or 'summary'",
    });
  }
  let cursor = skipExisting ? memory.getCompressionEvents().length : 0;
  const recorded = new Set<string>();
  let queue: Promise<unknown> = Promise.resolve();

  const collect = (
    events: readonly CompressionEvent[],
  ): { entries: RememberEntry[]; keys: string[] } => {
    const entries: RememberEntry[] = [];
    const keys: string[] = [];
    const offloads = memory.getOffloadContext();
    let byId: Map<string, Message> | undefined;
    const find = (id: string): Message | undefined => {
      if (byId === undefined) {
        byId = new Map(memory.getMessages().map((m) => [m.id, m]));
        for (const messages of Object.values(offloads)) {
          for (const message of messages) {
            if (!byId.has(message.id)) byId.set(message.id, message);
          }
        }
      }
      return byId.get(id);
    };
    const add = (
      key: string,
      message: Message,
      metadata: Record<string, string>,
    ) => {
      if (recorded.has(key) || keys.includes(key)) return;
      const text = renderMessageForSearch(message);
      if (text.trim() === '') return;
      keys.push(key);
      entries.push({ text, metadata });
    };
    for (const event of events) {
      if (event.type !== 'compression') continue;
      if (record === 'messages') {
        for (const offloadId of event.offloadIds) {
          for (const message of offloads[offloadId] ?? []) {
            if (
              message.role === 'system' ||
              getAcmMarker(message) !== undefined
            ) {
              continue;
            }
            add(`message:${message.id}`, message, {
              offloadId,
              messageId: message.id,
              role: message.role,
              strategy: event.strategy,
            });
          }
        }
      } else {
        for (const id of event.replacementIds) {
          const message = find(id);
          if (message === undefined) continue;
          add(`summary:${id}`, message, {
            messageId: id,
            strategy: event.strategy,
            ...(event.offloadIds.length > 0
              ? { offloadIds: event.offloadIds.join(' ') }
              : {}),
          });
        }
      }
    }
    return { entries, keys };
  };

  const syncNow = async (): Promise<number> => {
    if (record === 'off') return 0;
    const events = memory.getCompressionEvents();
    if (events.length < cursor) cursor = 0; // the state was replaced
    if (events.length === cursor) return 0;
    const end = events.length;
    const { entries, keys } = collect(events.slice(cursor));
    if (entries.length > 0) {
      await longTerm.remember(entries, {
        source: 'compression',
        metadata: { sessionId: memory.sessionId },
      });
    }
    for (const key of keys) recorded.add(key);
    cursor = end;
    return entries.length;
  };

  return Object.freeze({
    record,
    sync(): Promise<number> {
      const result = queue.then(syncNow, syncNow);
      queue = result.catch(() => undefined);
      return result;
    },
  });
}
