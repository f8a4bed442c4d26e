import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { ContextState } from '../../state/context-state/context-state';
import { assertValidSessionId } from './assert-valid-session-id';

export interface AssertValidSaveOptions {
  /** The id the state is saved under. */
  sessionId: unknown;
  /** The state to save. */
  state: ContextState;
  /** `SaveOptions.expectedRevision` of the save. */
  expectedRevision: unknown;
}

function isRevision(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The checks every {@link SessionStore} runs before a save writes anything:
 * a valid session id ({@link assertValidSessionId}), `state.sessionId` equal to
 * it (offload ids are scoped to their session, so one session's state must never
 * be stored under another id), revisions that are non-negative safe integers,
 * and `state.revision` greater than `expectedRevision`.
 *
 * @throws InvalidArgumentError naming the offending parameter.
 */
export function assertValidSave({
  sessionId,
  state,
  expectedRevision,
}: AssertValidSaveOptions): void {
  assertValidSessionId(sessionId);
  if (state === null || typeof state !== 'object') {
    throw new InvalidArgumentError({
      parameter: 'state',
      value: state,
      message: 'expected a ContextState object',
    });
  }
  if (state.sessionId !== sessionId) {
    throw new InvalidArgumentError({
      parameter: 'state.sessionId',
      value: state.sessionId,
      message: `expected the session id the state is saved under (${JSON.stringify(sessionId)})`,
    });
  }
  if (!isRevision(state.revision)) {
    throw new InvalidArgumentError({
      parameter: 'state.revision',
      value: state.revision,
      message: 'expected a non-negative safe integer',
    });
  }
  if (expectedRevision !== null && !isRevision(expectedRevision)) {
    throw new InvalidArgumentError({
      parameter: 'expectedRevision',
      value: expectedRevision,
      message: 'expected null or a non-negative safe integer',
    });
  }
  if (expectedRevision !== null && state.revision <= expectedRevision) {
    throw new InvalidArgumentError({
      parameter: 'state.revision',
      value: state.revision,
      message: `expected a revision greater than expectedRevision ${expectedRevision}`,
    });
  }
}
