import type { ContextState } from './context-state';
import {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_SCHEMA_VERSION,
} from './state-format';
import type { SerializedContextState } from './state-format';

/**
 * The state as one JSON document:
 * `{ format: 'acm.context-state', schemaVersion: 1, sessionId, revision, working,
 * original, offloads, events }`. `parseState` reads it back deep-equal.
 *
 * Every string survives as is (unicode, emoji, `\u0000`, lone surrogates, which
 * `JSON.stringify` escapes). Values that are not JSON cannot be in a valid state
 * (`appendMessages` rejects them).
 */
export function serializeState(state: ContextState): string {
  const document: SerializedContextState = {
    format: CONTEXT_STATE_FORMAT,
    schemaVersion: CONTEXT_STATE_SCHEMA_VERSION,
    sessionId: state.sessionId,
    revision: state.revision,
    working: state.working,
    original: state.original,
    offloads: state.offloads,
    events: state.events,
  };
  return JSON.stringify(document);
}
