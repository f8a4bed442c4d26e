import type { CompressionEvent } from '../../vocabulary/event/compression-event';
import type { Message } from '../../vocabulary/message/message';

/**
 * Everything one session's memory holds (DESIGN §3.5). A plain, serializable value:
 * operations return a new state and never mutate the old one.
 */
export interface ContextState {
  /** The session this state belongs to; offload ids are scoped to it. */
  readonly sessionId: string;
  /** What the model sees. */
  readonly working: readonly Message[];
  /** Every message ever added, append-only, never compressed. */
  readonly original: readonly Message[];
  /** Content behind reload ids: the exact messages a stub stands in for. */
  readonly offloads: Readonly<Record<string, readonly Message[]>>;
  /** Compression log, oldest first. */
  readonly events: readonly CompressionEvent[];
  /** Increases by one with every change; stores use it for compare-and-set. */
  readonly revision: number;
}
