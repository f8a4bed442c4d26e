import type { InvalidMessageReason } from '../../vocabulary/error/invalid-message-error';
import { ROLES } from '../../vocabulary/message/message';
import type { Message } from '../../vocabulary/message/message';
import { describeValue } from '../../vocabulary/util/describe-value';
import { isRecord } from '../../vocabulary/util/is-record';
import {
  findJsonValueProblem,
  isPlainJsonValue,
} from './find-json-value-problem';
import type { ValueProblem } from './find-json-value-problem';
import { jsonPath } from './json-path';

/** Why a value is not a valid {@link Message}, and where. */
export interface MessageProblem extends ValueProblem {
  readonly reason: InvalidMessageReason;
}

type FieldKind = 'string' | 'optional-string' | 'optional-boolean' | 'json';

/** The fields of each part type and what they must hold. Other fields must hold JSON. */
const PART_FIELDS: Readonly<
  Record<string, Readonly<Record<string, FieldKind>>>
> = {
  text: { text: 'string' },
  reasoning: { text: 'string' },
  'tool-call': { toolCallId: 'string', toolName: 'string', input: 'json' },
  'tool-result': {
    toolCallId: 'string',
    toolName: 'string',
    output: 'json',
    isError: 'optional-boolean',
  },
  file: { mediaType: 'string', data: 'string', filename: 'optional-string' },
};

/** `PART_FIELDS` as entry lists, built once. */
const PART_FIELD_ENTRIES: Readonly<
  Record<string, readonly (readonly [string, FieldKind])[]>
> = Object.fromEntries(
  Object.entries(PART_FIELDS).map(([type, fields]) => [
    type,
    Object.entries(fields),
  ]),
);

const MESSAGE_KEYS = new Set(['id', 'role', 'name', 'content', 'metadata']);

/** The path of part `index` of the message at `messagePath`. */
function partPathOf(messagePath: string, index: number): string {
  return `${messagePath}.content[${index}]`;
}

function findFieldProblem(
  kind: FieldKind,
  value: unknown,
  messagePath: string,
  index: number,
  field: string,
): ValueProblem | undefined {
  // Paths are built only for a problem: this runs on every part of every
  // message added, so the valid path allocates nothing.
  switch (kind) {
    case 'string':
      return typeof value === 'string'
        ? undefined
        : {
            path: jsonPath(partPathOf(messagePath, index), field),
            message: `expected a string, found ${describeValue(value)}`,
          };
    case 'optional-string':
      return value === undefined || typeof value === 'string'
        ? undefined
        : {
            path: jsonPath(partPathOf(messagePath, index), field),
            message: `expected a string, found ${describeValue(value)}`,
          };
    case 'optional-boolean':
      return value === undefined || typeof value === 'boolean'
        ? undefined
        : {
            path: jsonPath(partPathOf(messagePath, index), field),
            message: `expected a boolean, found ${describeValue(value)}`,
          };
    case 'json':
      if (value === undefined) {
        return {
          path: jsonPath(partPathOf(messagePath, index), field),
          message: 'expected a JSON value, found undefined',
        };
      }
      return isPlainJsonValue(value)
        ? undefined
        : findJsonValueProblem(
            value,
            jsonPath(partPathOf(messagePath, index), field),
          );
  }
}

function findPartProblem(
  part: unknown,
  messagePath: string,
  index: number,
): ValueProblem | undefined {
  if (!isRecord(part, { plain: true })) {
    return {
      path: partPathOf(messagePath, index),
      message: `expected a part object, found ${describeValue(part)}`,
    };
  }
  const type = part.type;
  const fields =
    typeof type === 'string' && Object.hasOwn(PART_FIELDS, type)
      ? PART_FIELDS[type]
      : undefined;
  if (fields === undefined) {
    return {
      path: jsonPath(partPathOf(messagePath, index), 'type'),
      message: `expected one of ${Object.keys(PART_FIELDS).join(', ')}, found ${describeValue(type)}`,
    };
  }
  const entries = PART_FIELD_ENTRIES[type as string]!;
  for (let at = 0; at < entries.length; at++) {
    const [field, kind] = entries[at]!;
    const problem = findFieldProblem(
      kind,
      part[field],
      messagePath,
      index,
      field,
    );
    if (problem) return problem;
  }
  for (const key in part) {
    if (
      key === 'type' ||
      !Object.hasOwn(part, key) ||
      Object.hasOwn(fields, key)
    )
      continue;
    if (isPlainJsonValue(part[key])) continue;
    const problem = findJsonValueProblem(
      part[key],
      jsonPath(partPathOf(messagePath, index), key),
    );
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Finds the first reason `value` is not a valid {@link Message}: a plain object
 * with a non-empty string `id`, a known `role`, an optional string `name`, a
 * `content` array of well-formed parts (right field types; tool inputs and
 * outputs, provider metadata and any extra field must be plain JSON) and an
 * optional plain-object `metadata` holding JSON.
 *
 * Extra message or part fields are allowed (and kept by serialization) as long
 * as they hold JSON. Tool-pairing rules are not checked here: that is the
 * contract's job (`checkContract`).
 */
export function findMessageProblem(
  value: unknown,
  path: string,
): MessageProblem | undefined {
  if (!isRecord(value, { plain: true })) {
    return {
      path,
      reason: 'invalid-shape',
      message: `expected a message object, found ${describeValue(value)}`,
    };
  }
  if (typeof value.id !== 'string' || value.id === '') {
    return {
      path: jsonPath(path, 'id'),
      reason: 'invalid-shape',
      message: `expected a non-empty string, found ${describeValue(value.id)}`,
    };
  }
  if (!ROLES.includes(value.role as Message['role'])) {
    return {
      path: jsonPath(path, 'role'),
      reason: 'unknown-role',
      message: `expected one of ${ROLES.join(', ')}, found ${describeValue(value.role)}`,
    };
  }
  if (value.name !== undefined && typeof value.name !== 'string') {
    return {
      path: jsonPath(path, 'name'),
      reason: 'invalid-shape',
      message: `expected a string, found ${describeValue(value.name)}`,
    };
  }
  const content = value.content;
  if (!Array.isArray(content)) {
    return {
      path: jsonPath(path, 'content'),
      reason: 'invalid-shape',
      message: `expected an array of parts, found ${describeValue(content)}`,
    };
  }
  for (let index = 0; index < content.length; index++) {
    const problem = findPartProblem(content[index], path, index);
    if (problem) return { ...problem, reason: 'invalid-content' };
  }
  if (value.metadata !== undefined) {
    if (!isRecord(value.metadata, { plain: true })) {
      return {
        path: jsonPath(path, 'metadata'),
        reason: 'invalid-shape',
        message: `expected an object, found ${describeValue(value.metadata)}`,
      };
    }
    if (!isPlainJsonValue(value.metadata)) {
      const problem = findJsonValueProblem(
        value.metadata,
        jsonPath(path, 'metadata'),
      );
      if (problem) return { ...problem, reason: 'invalid-shape' };
    }
  }
  for (const key in value) {
    if (MESSAGE_KEYS.has(key) || !Object.hasOwn(value, key)) continue;
    if (isPlainJsonValue(value[key])) continue;
    const problem = findJsonValueProblem(value[key], jsonPath(path, key));
    if (problem) return { ...problem, reason: 'invalid-shape' };
  }
  return undefined;
}
