import { InvalidStateError } from '../../vocabulary/error/invalid-state-error';
import type { ContextState } from './context-state';
import { findEventProblem } from './find-event-problem';
import { describeValue } from '../../vocabulary/util/describe-value';
import { isRecord } from '../../vocabulary/util/is-record';
import type { ValueProblem } from './find-json-value-problem';
import { findMessageProblem } from './find-message-problem';
import { findStateConsistencyProblem } from './find-state-consistency-problem';
import type { Message } from '../../vocabulary/message/message';
import {
  findOriginalIndex,
  indexOriginals,
} from './encode-original-references';
import { jsonPath } from './json-path';
import {
  CONTEXT_STATE_FORMAT,
  CONTEXT_STATE_READABLE_SCHEMA_VERSIONS,
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

/**
 * Original messages a list may name instead of copying them (schema version
 * 2): the document's `original` array, or `undefined` where references are
 * not allowed (`original` itself, schema version 1).
 */
type ReferenceTarget = readonly unknown[] | undefined;

/** Whether `item` is an `OriginalReference` into a list of `length` messages. */
function isOriginalReference(item: unknown, length: number): boolean {
  if (typeof item === 'number')
    return Number.isSafeInteger(item) && item >= 0 && item < length;
  return (
    Array.isArray(item) &&
    item.length === 2 &&
    Number.isSafeInteger(item[0]) &&
    Number.isSafeInteger(item[1]) &&
    (item[0] as number) >= 0 &&
    (item[0] as number) < (item[1] as number) &&
    (item[1] as number) <= length
  );
}

/** The ids of the messages `item` stands for (a message, or original messages by reference). */
function* idsOf(item: unknown, originals: ReferenceTarget): Generator<string> {
  if (typeof item === 'number') {
    yield (originals![item] as { id: string }).id;
  } else if (Array.isArray(item)) {
    for (let index = item[0] as number; index < (item[1] as number); index++)
      yield (originals![index] as { id: string }).id;
  } else {
    yield (item as { id: string }).id;
  }
}

function findMessageListProblem(
  value: unknown,
  path: string,
  {
    uniqueIds,
    references,
  }: { uniqueIds: boolean; references: ReferenceTarget },
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
    const item: unknown = value[index];
    if (typeof item === 'number' || Array.isArray(item)) {
      if (references === undefined) {
        return {
          path: messagePath,
          message: `expected a message object, found ${describeValue(item)}`,
        };
      }
      if (!isOriginalReference(item, references.length)) {
        return {
          path: messagePath,
          message: `expected a message or a reference to original messages (an index below ${references.length}, or [start, end] with start < end ≤ ${references.length}), found ${Array.isArray(item) ? JSON.stringify(item) : describeValue(item)}`,
        };
      }
    } else {
      const problem = findMessageProblem(item, messagePath);
      if (problem) return problem;
    }
    if (!uniqueIds) continue;
    for (const id of idsOf(item, references)) {
      const earlier = indexById.get(id);
      if (earlier !== undefined) {
        return {
          path:
            typeof item === 'object' && !Array.isArray(item)
              ? jsonPath(messagePath, 'id')
              : messagePath,
          message: `duplicate message id ${JSON.stringify(id)} (also at ${jsonPath(path, earlier)})`,
        };
      }
      indexById.set(id, index);
    }
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
  if (
    !CONTEXT_STATE_READABLE_SCHEMA_VERSIONS.includes(schemaVersion as number)
  ) {
    const readable = CONTEXT_STATE_READABLE_SCHEMA_VERSIONS.join(' and ');
    return {
      path: '$.schemaVersion',
      message: Number.isSafeInteger(schemaVersion)
        ? `unsupported schema version ${String(schemaVersion)}; this version of @acm/core reads schema versions ${readable} (it writes ${CONTEXT_STATE_SCHEMA_VERSION})`
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
  // `original` first: schema version 2 lists name its messages.
  const originalProblem = findMessageListProblem(
    document.original,
    '$.original',
    { uniqueIds: true, references: undefined },
  );
  if (originalProblem) return originalProblem;
  const references =
    schemaVersion === 1 ? undefined : (document.original as unknown[]);
  const workingProblem = findMessageListProblem(document.working, '$.working', {
    uniqueIds: true,
    references,
  });
  if (workingProblem) return workingProblem;
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
      { uniqueIds: false, references },
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
  const original = document.original as readonly Message[];
  return findStateConsistencyProblem({
    working: resolveItems(document.working as readonly unknown[], original),
    original,
  });
}

/**
 * The messages a valid list names: references to original messages (an
 * index, or a run `[start, end]`) replaced by those messages, in order; whole
 * messages as they are, or, with `wholeMessage`, as it maps them.
 */
function resolveItems(
  items: readonly unknown[],
  original: readonly Message[],
  wholeMessage: (message: Message) => Message = (message) => message,
): Message[] {
  const messages: Message[] = [];
  for (const item of items) {
    if (typeof item === 'number') {
      messages.push(original[item]!);
    } else if (Array.isArray(item)) {
      for (let at = item[0] as number; at < (item[1] as number); at++)
        messages.push(original[at]!);
    } else {
      messages.push(wholeMessage(item as Message));
    }
  }
  return messages;
}

/**
 * Reads a state written by `serializeState`: from its JSON text, or from the
 * already-parsed JSON value (which is copied, never aliased). Reads schema
 * version 2 (what `serializeState` writes) and schema version 1 (written by
 * earlier versions of `@acm/core`), migrating it on read.
 *
 * Everything is validated before anything is returned: the format tag, the
 * schema version, the session id, the revision (an integer ≥ 0), every message
 * of `original`, `working` and each offload entry (see `findMessageProblem`;
 * ids unique within `working` and within `original`), every reference to
 * original messages (schema version 2: an index or a run `[start, end]`
 * within `original`), every event, and what no operation of ACM can produce
 * (`findStateConsistencyProblem`: the tool pairing of `working`, a working
 * message without its original). The result deep-equals the state that was
 * serialized; its lists hold each original message object once: a
 * reference, or a whole message equal to the original with its id (the
 * copies schema version 1 wrote in fold entries), becomes that original.
 *
 * @throws InvalidStateError with the JSON path of the first offending value,
 * e.g. `$.working[3].content[0].toolCallId`, and for a contract violation its
 * name (`Invalid state at $.working[4]: orphan-tool-result (…)`); `$` for text that is not JSON;
 * `$.format` for JSON that is not an ACM state; `$.schemaVersion` for a
 * schema version it does not read. Never returns a partial state.
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
  return resolveDocument(copy);
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
  return resolveDocument(document as Record<string, unknown>);
}

/**
 * The state a valid document stands for: every reference replaced by the
 * original message objects it names, and every whole message that equals
 * the original with its id (a schema version 1 entry's copies) replaced by
 * that original, so the state holds each original once whatever the number
 * of folds that name it (the migration from schema version 1).
 */
function resolveDocument(document: Record<string, unknown>): ContextState {
  const original = document.original as readonly Message[];
  const index = indexOriginals(original);
  const resolve = (items: readonly unknown[]): Message[] =>
    resolveItems(items, original, (message) => {
      const at = findOriginalIndex(message, index);
      return at === undefined ? message : original[at]!;
    });
  const offloads = document.offloads as Record<string, readonly unknown[]>;
  return {
    sessionId: document.sessionId,
    revision: document.revision,
    working: resolve(document.working as readonly unknown[]),
    original,
    // `fromEntries` defines keys as data: an id such as "__proto__" stays an entry.
    offloads: Object.fromEntries(
      Object.keys(offloads).map((offloadId) => [
        offloadId,
        resolve(offloads[offloadId]!),
      ]),
    ),
    events: document.events,
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
