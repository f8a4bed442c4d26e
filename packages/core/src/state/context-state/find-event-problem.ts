import { STRATEGY_NAMES } from '../../vocabulary/message/acm-marker';
import type { StrategyName } from '../../vocabulary/message/acm-marker';
import { describeValue } from '../../vocabulary/util/describe-value';
import { isRecord } from '../../vocabulary/util/is-record';
import { findJsonValueProblem } from './find-json-value-problem';
import type { ValueProblem } from './find-json-value-problem';
import { jsonPath } from './json-path';

type Check = (value: unknown, path: string) => ValueProblem | undefined;

const isCount = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0;

const count: Check = (value, path) =>
  isCount(value)
    ? undefined
    : {
        path,
        message: `expected an integer ≥ 0, found ${describeValue(value)}`,
      };

const amount: Check = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? undefined
    : {
        path,
        message: `expected a finite number ≥ 0, found ${describeValue(value)}`,
      };

const finiteNumber: Check = (value, path) =>
  typeof value === 'number' && Number.isFinite(value)
    ? undefined
    : {
        path,
        message: `expected a finite number, found ${describeValue(value)}`,
      };

const string: Check = (value, path) =>
  typeof value === 'string'
    ? undefined
    : { path, message: `expected a string, found ${describeValue(value)}` };

const optionalString: Check = (value, path) =>
  value === undefined ? undefined : string(value, path);

const boolean: Check = (value, path) =>
  typeof value === 'boolean'
    ? undefined
    : { path, message: `expected a boolean, found ${describeValue(value)}` };

const stringOrNull: Check = (value, path) =>
  value === null || typeof value === 'string'
    ? undefined
    : {
        path,
        message: `expected a string or null, found ${describeValue(value)}`,
      };

const stringArray: Check = (value, path) => {
  if (!Array.isArray(value)) {
    return {
      path,
      message: `expected an array of strings, found ${describeValue(value)}`,
    };
  }
  for (let index = 0; index < value.length; index++) {
    const problem = string(value[index], jsonPath(path, index));
    if (problem) return problem;
  }
  return undefined;
};

function object(fields: Readonly<Record<string, Check>>): Check {
  return (value, path) => {
    if (!isRecord(value, { plain: true })) {
      return {
        path,
        message: `expected an object, found ${describeValue(value)}`,
      };
    }
    for (const [field, check] of Object.entries(fields)) {
      const problem = check(value[field], jsonPath(path, field));
      if (problem) return problem;
    }
    for (const key of Object.keys(value)) {
      if (Object.hasOwn(fields, key)) continue;
      const problem = findJsonValueProblem(value[key], jsonPath(path, key));
      if (problem) return problem;
    }
    return undefined;
  };
}

const optional =
  (check: Check): Check =>
  (value, path) =>
    value === undefined ? undefined : check(value, path);

const strategy: Check = (value, path) =>
  STRATEGY_NAMES.includes(value as StrategyName)
    ? undefined
    : {
        path,
        message: `expected one of ${STRATEGY_NAMES.join(', ')}, found ${describeValue(value)}`,
      };

const range: Check = (value, path) => {
  const problem = object({ start: count, end: count })(value, path);
  if (problem) return problem;
  const { start, end } = value as { start: number; end: number };
  return start <= end
    ? undefined
    : {
        path: jsonPath(path, 'end'),
        message: `end ${end} is before start ${start}`,
      };
};

const common = { type: string, strategy, at: finiteNumber, range };

const EVENT_CHECKS: Readonly<Record<string, Check>> = {
  compression: object({
    ...common,
    messageCount: count,
    tokensBefore: amount,
    tokensAfter: amount,
    offloadIds: stringArray,
    summarizer: optional(
      object({ inputTokens: amount, outputTokens: amount, durationMs: amount }),
    ),
    previousMessageId: stringOrNull,
    nextMessageId: stringOrNull,
    replacementIds: stringArray,
  }),
  'compression-error': object({
    ...common,
    error: object({ code: string, reason: optionalString, message: string }),
    fallbackUsed: boolean,
  }),
};

/**
 * Finds the first reason `value` is not a valid `CompressionEvent`: known
 * `type`, known `strategy`, finite `at`, a `range` of integers with
 * `start ≤ end`, and the fields of its type with the right types. Extra fields
 * must hold JSON.
 */
export function findEventProblem(
  value: unknown,
  path: string,
): ValueProblem | undefined {
  if (!isRecord(value, { plain: true })) {
    return {
      path,
      message: `expected an event object, found ${describeValue(value)}`,
    };
  }
  const type = value.type;
  const check =
    typeof type === 'string' && Object.hasOwn(EVENT_CHECKS, type)
      ? EVENT_CHECKS[type]
      : undefined;
  if (check === undefined) {
    return {
      path: jsonPath(path, 'type'),
      message: `expected one of ${Object.keys(EVENT_CHECKS).join(', ')}, found ${describeValue(type)}`,
    };
  }
  return check(value, path);
}
