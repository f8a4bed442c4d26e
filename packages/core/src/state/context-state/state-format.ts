import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';

/** The `format` tag of serialized context states. */
export const CONTEXT_STATE_FORMAT = 'acm.context-state';

/**
 * The schema version this version of `@acm/core` writes. It reads this one
 * and every earlier one (`CONTEXT_STATE_READABLE_SCHEMA_VERSIONS`).
 *
 * - 2: `working` and offload entries may name original messages instead of
 *   copying them (`OriginalReference`), so a state is stored in about the
 *   size of its originals and summaries whatever the number of folds.
 * - 1: every list holds whole messages (a flat fold's entry copied the
 *   originals of the folds it replaced).
 */
export const CONTEXT_STATE_SCHEMA_VERSION = 2;

/** The schema versions `parseState` reads: 1 (migrated on read) and 2. */
export const CONTEXT_STATE_READABLE_SCHEMA_VERSIONS: readonly number[] = [1, 2];

/**
 * A reference to messages of `original` in a serialized list: an index
 * (`original[index]`), or a run `[start, end]` (`original[start]` up to,
 * not including, `original[end]`, with `start < end`). `parseState` puts
 * the original message objects themselves in its place.
 */
export type OriginalReference = number | readonly [start: number, end: number];

/** One item of a serialized message list: a message, or original messages by reference. */
export type SerializedMessageItem = Message | OriginalReference;

/** The JSON document `serializeState` writes (schema version 2). */
export interface SerializedContextState {
  readonly format: typeof CONTEXT_STATE_FORMAT;
  readonly schemaVersion: typeof CONTEXT_STATE_SCHEMA_VERSION;
  readonly sessionId: string;
  readonly revision: number;
  /** Working messages; those that are original messages by reference. */
  readonly working: readonly SerializedMessageItem[];
  /** Every message ever added, whole. */
  readonly original: readonly Message[];
  /** Offload entries; original messages by reference. */
  readonly offloads: Readonly<Record<string, readonly SerializedMessageItem[]>>;
  readonly events: readonly CompressionEvent[];
}
