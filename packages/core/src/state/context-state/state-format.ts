import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';

/** The `format` tag of serialized context states. */
export const CONTEXT_STATE_FORMAT = 'acm.context-state';

/** The schema version this version of `@acm/core` writes and reads. */
export const CONTEXT_STATE_SCHEMA_VERSION = 1;

/** The JSON document `serializeState` writes (schema version 1). */
export interface SerializedContextState {
  readonly format: typeof CONTEXT_STATE_FORMAT;
  readonly schemaVersion: typeof CONTEXT_STATE_SCHEMA_VERSION;
  readonly sessionId: string;
  readonly revision: number;
  readonly working: readonly Message[];
  readonly original: readonly Message[];
  readonly offloads: Readonly<Record<string, readonly Message[]>>;
  readonly events: readonly CompressionEvent[];
}
