import type { ContextState } from './context-state';
import {
  encodeOriginalReferences,
  indexOriginals,
} from './encode-original-references';
import {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_SCHEMA_VERSION,
} from './state-format';
import type {
  SerializedContextState,
  SerializedMessageItem,
} from './state-format';

/**
 * The state as one JSON document (schema version 2):
 * `{ format: 'acm.context-state', schemaVersion: 2, sessionId, revision,
 * working, original, offloads, events }`. `parseState` reads it back
 * deep-equal.
 *
 * Linear in the conversation: `original` holds every message once; in
 * `working` and in the offload entries an original message is written as its
 * index in `original` (consecutive ones as a run `[start, end]`), so a flat
 * fold's entry, which holds every original behind the history, costs a few
 * numbers, however many folds came before it. Summaries, stubs and any
 * message that differs from the original with its id are written whole.
 *
 * Every string survives as is (unicode, emoji, `\u0000`, lone surrogates, which
 * `JSON.stringify` escapes). Values that are not JSON cannot be in a valid state
 * (`appendMessages` rejects them).
 */
export function serializeState(state: ContextState): string {
  const index = indexOriginals(state.original);
  // `fromEntries` defines keys as data: an id such as "__proto__" stays an entry.
  const offloads: Record<string, readonly SerializedMessageItem[]> =
    Object.fromEntries(
      Object.entries(state.offloads).map(([offloadId, messages]) => [
        offloadId,
        encodeOriginalReferences(messages, index),
      ]),
    );
  const document: SerializedContextState = {
    format: CONTEXT_STATE_FORMAT,
    schemaVersion: CONTEXT_STATE_SCHEMA_VERSION,
    sessionId: state.sessionId,
    revision: state.revision,
    working: encodeOriginalReferences(state.working, index),
    original: state.original,
    offloads,
    events: state.events,
  };
  return JSON.stringify(document);
}
