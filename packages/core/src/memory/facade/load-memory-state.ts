import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { ContextState } from '../../state/context-state/context-state';
import { parseState } from '../../state/context-state/parse-state';
import {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_SCHEMA_VERSION,
} from '../../state/context-state/state-format';
import { commitState } from './commit-state';
import type { MemoryCore } from './create-memory-core';

/**
 * The body of `loadState`, in the queue: replaces the committed state with
 * the one read from `input` (JSON text, the parsed document, or a
 * `ContextState` object as `getState()` returns it, validated by
 * `parseState`); nothing is unsaved then, the offload ids cleared from the
 * replaced history are forgotten (the loaded state answers for its own), and
 * with a store its revision is above every revision the session had (see
 * `abovePersistedRevisions`).
 * Nothing changes when it fails.
 * @throws InvalidStateError for an invalid state; InvalidArgumentError when
 * it belongs to another session.
 */
export function loadMemoryState(core: MemoryCore, input: unknown): void {
  const state = parseOwnState(input, core.sessionId);
  commitState(core, abovePersistedRevisions(core, state));
  core.unsaved = [];
  core.clearedOffloadIds.clear();
}

/**
 * With a store, a loaded state is the session's next revision, whatever
 * revision it was saved at: above the one held and the one stored, so the
 * next `save()` writes it (compare-and-set on the stored revision) instead of
 * refusing an earlier revision or skipping an equal one as already stored.
 * Without a store, the state as loaded.
 */
function abovePersistedRevisions(
  core: MemoryCore,
  state: ContextState,
): ContextState {
  if (core.store === undefined) return state;
  const floor = Math.max(core.log.state.revision, core.storedRevision ?? -1);
  return state.revision > floor ? state : { ...state, revision: floor + 1 };
}

/** The state read from `input`, checked to be the session's. */
function parseOwnState(input: unknown, sessionId: string): ContextState {
  const state = parseState(asStateDocument(input));
  if (state.sessionId !== sessionId) {
    throw new InvalidArgumentError({
      parameter: 'state.sessionId',
      value: state.sessionId,
      message: `the state belongs to session ${JSON.stringify(state.sessionId)}, this memory holds session ${JSON.stringify(sessionId)} (offload ids are scoped to their session); create the memory with that sessionId`,
    });
  }
  return state;
}

/**
 * A `ContextState` object (a plain object without a `format` key, as
 * `getState()` returns) as the serialized document `parseState` reads; any
 * other input as it is.
 */
function asStateDocument(input: unknown): unknown {
  if (
    input === null ||
    typeof input !== 'object' ||
    Array.isArray(input) ||
    Object.hasOwn(input, 'format') ||
    Object.hasOwn(input, 'schemaVersion')
  ) {
    return input;
  }
  return {
    format: CONTEXT_STATE_FORMAT,
    schemaVersion: CONTEXT_STATE_SCHEMA_VERSION,
    ...input,
  };
}
