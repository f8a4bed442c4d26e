import { InvalidStateError } from '../../vocabulary/error/invalid-state-error';
import type { ContextState } from './context-state';
import { findEventProblem } from './find-event-problem';
import { describeValue } from '../../vocabulary/util/describe-value';
import { isRecord } from '../../vocabulary/util/is-record';
import type { ValueProblem } from './find-json-value-problem';
import { findMessageProblem } from './find-message-problem';
import { findStateConsistencyProblem } from './find-state-consistency-problem';
import type { Message } from '../../vocabulary/message/message';
import { jsonPath } from './json-path';
import {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_SCHEMA_VERSION,
} from './state-format';

const DOCUMENT_KEYS = new Set([
  'format',
  'schemaVersion',
  'sessionId',
  'revision',
  'working',
  'original',
  'offloads',
  'events',
]);

function findMessageListProblem(
  value: unknown,
  path: string,
  { uniqueIds }: { uniqueIds: boolean },
): ValueProblem | undefined {
  if (!Array.isArray(value)) {
    return {
      path,
      message: `expected an array of messages, found ${describeValue(value)}`,
    };
  }
  const indexById = new Map<string, number>();
  for (let index = 0; index < value.length; index++) {
    const messagePath = jsonPath(path, index);
    const problem = findMessageProblem(value[index], messagePath);
    if (problem) return problem;
    if (!uniqueIds) continue;
    const id = (value[index] as { id: string }).id;
    const earlier = indexById.get(id);
    if (earlier !== undefined) {
      return {
        path: jsonPath(messagePath, 'id'),
        message: `duplicate message id ${JSON.stringify(id)} (also at ${jsonPath(path, earlier)})`,
      };
    }
    indexById.set(id, index);
  }
  return undefined;
}

function findDocumentProblem(document: unknown): ValueProblem | undefined {
  if (
    !isRecord(document, { plain: true }) ||
    document.format !== CONTEXT_STATE_FORMAT
  ) {
    const found = isRecord(document, { plain: true })
      ? describeValue(document.format)
      : describeValue(document);
    return {
      path: '$.format',
      message: `not an ACM context state: expected format ${JSON.stringify(CONTEXT_STATE_FORMAT)}, found ${found}`,
    };
  }
  const { schemaVersion } = document;
  if (schemaVersion !== CONTEXT_STATE_SCHEMA_VERSION) {
    return {
      path: '$.schemaVersion',
      message: Number.isSafeInteger(schemaVersion)
        ? `unsupported schema version ${String(schemaVersion)}; this version of @acm/core reads schema version ${CONTEXT_STATE_SCHEMA_VERSION}`
        : `expected schema version ${CONTEXT_STATE_SCHEMA_VERSION}, found ${describeValue(schemaVersion)}`,
    };
  }
  for (const key of Object.keys(document)) {
    if (!DOCUMENT_KEYS.has(key)) {
      return { path: jsonPath('$', key), message: 'unknown field' };
    }
  }
  const { sessionId, revision, offloads, events } = document;
  if (typeof sessionId !== 'string' || sessionId === '') {
    return {
      path: '$.sessionId',
      message: `expected a non-empty string, found ${describeValue(sessionId)}`,
    };
  }
  if (!Number.isSafeInteger(revision) || (revision as number) < 0) {
    return {
      path: '$.revision',
      message: `expected an integer ≥ 0, found ${describeValue(revision)}`,
    };
  }
  const workingProblem = findMessageListProblem(document.working, '$.working', {
    uniqueIds: true,
  });
  if (workingProblem) return workingProblem;
  const originalProblem = findMessageListProblem(
    document.original,
    '$.original',
    { uniqueIds: true },
  );
  if (originalProblem) return originalProblem;
  if (!isRecord(offloads, { plain: true })) {
    return {
      path: '$.offloads',
      message: `expected an object of message arrays, found ${describeValue(offloads)}`,
    };
  }
  for (const offloadId of Object.keys(offloads)) {
    const problem = findMessageListProblem(
      offloads[offloadId],
      jsonPath('$.offloads', offloadId),
      { uniqueIds: false },
    );
    if (problem) return problem;
  }
  if (!Array.isArray(events)) {
    return {
      path: '$.events',
      message: `expected an array of events, found ${describeValue(events)}`,
    };
  }
  for (let index = 0; index < events.length; index++) {
    const problem = findEventProblem(
      events[index],
      jsonPath('$.events', index),
    );
    if (problem) return problem;
  }
  return findStateConsistencyProblem({
    working: document.working as readonly Message[],
    original: document.original as readonly Message[],
  });
}

/**
 * Reads a state written by `serializeState`: from its JSON text, or from the
 * already-parsed JSON value (which is copied, never aliased).
 *
 * Everything is validated before anything is returned: the format tag, the
 * schema version, the session id, the revision (an integer ≥ 0), every message
 * of `working`, `original` and each offload entry (see `findMessageProblem`;
 * ids unique within `working` and within `original`), every event, and what
 * no operation of ACM can produce (`findStateConsistencyProblem`: the tool
 * pairing of `working`, a working message without its original). The
 * result deep-equals the state that was serialized.
 *
 * @throws InvalidStateError with the JSON path of the first offending value,
 * e.g. `$.working[3].content[0].toolCallId`, and for a contract violation its
 * name (`Invalid state at $.working[4]: orphan-tool-result (…)`); `$` for text that is not JSON;
 * `$.format` for JSON that is not an ACM state; `$.schemaVersion` for another
 * schema version. Never returns a partial state.
 */
export function parseState(input: unknown): ContextState {
  let document: unknown = input;
  if (typeof input === 'string') {
    try {
      document = JSON.parse(input);
    } catch (error) {
      throw new InvalidStateError({
        path: '$',
        message: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
        cause: error,
      });
    }
  }
  assertValidStateDocument(document);
  // The checks above guarantee plain JSON, so a text round trip is an exact deep copy.
  let copy = document as Record<string, unknown>;
  if (typeof input !== 'string') {
    try {
      copy = JSON.parse(JSON.stringify(document)) as Record<string, unknown>;
    } catch (error) {
      throw new InvalidStateError({
        path: '$',
        message: 'the value is nested too deeply to be copied as JSON',
        cause: error,
      });
    }
  }
  return {
    sessionId: copy.sessionId,
    revision: copy.revision,
    working: copy.working,
    original: copy.original,
    offloads: copy.offloads,
    events: copy.events,
  } as ContextState;
}

/**
 * Validates a parsed state document (as `parseState` does) and returns it as a
 * `ContextState` without copying it: for documents the caller just built from
 * freshly parsed JSON (the stores' session logs), whose message objects may be
 * shared between `working`, `original` and offload entries on purpose.
 *
 * @throws InvalidStateError with the JSON path of the first offending value.
 */
export function readStateDocument(document: unknown): ContextState {
  assertValidStateDocument(document);
  const value = document as Record<string, unknown>;
  return {
    sessionId: value.sessionId,
    revision: value.revision,
    working: value.working,
    original: value.original,
    offloads: value.offloads,
    events: value.events,
  } as ContextState;
}

function assertValidStateDocument(document: unknown): void {
  let problem: ValueProblem | undefined;
  try {
    problem = findDocumentProblem(document);
  } catch (error) {
    // A hostile object input (throwing getters, proxies) must still end in a typed error.
    throw new InvalidStateError({
      path: '$',
      message: 'the value could not be read',
      cause: error,
    });
  }
  if (problem) throw new InvalidStateError(problem);
}
