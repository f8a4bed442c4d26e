import { isRecord } from '../../vocabulary/util/is-record';
import { jsonPath } from './json-path';

/** Where a value stops being plain JSON, and why. */
export interface ValueProblem {
  /** JSON path of the offending value, e.g. `$.working[3].content[0].input.depth`. */
  readonly path: string;
  readonly message: string;
}

interface Frame {
  readonly value: unknown;
  /** The frame of the containing array or object; none for the root. */
  readonly parent?: Frame;
  /** The key or index within `parent`. */
  readonly key?: string | number;
  /** Set on the frame that leaves an object, to forget it as an ancestor. */
  readonly exit?: true;
}

/**
 * Finds the first place where `value` is not a JSON value that survives
 * `JSON.stringify` → `JSON.parse` unchanged: `undefined` (except as an object
 * property, which JSON drops like an absent key), functions, symbols, bigints,
 * non-finite numbers, class instances (dates, maps...) and circular references.
 *
 * Iterative, so deeply nested input cannot overflow the call stack. The path
 * of the problem is built only when there is one (`path` may be a function
 * for the same reason): validating a valid value allocates no path strings.
 */
export function findJsonValueProblem(
  value: unknown,
  path: string | (() => string),
): ValueProblem | undefined {
  // Valid values (nearly all) are proven by a walk that allocates nothing;
  // the walk below, which can name the problem, runs only when that fails.
  if (isPlainJsonValue(value)) return undefined;
  return locateJsonValueProblem(value, path);
}

/**
 * Whether `value` is plain JSON, proven without allocating: `true` exactly
 * when `findJsonValueProblem` finds no problem, except that a value nested
 * deeper than 64 levels answers `false` (call `findJsonValueProblem` then).
 */
export function isPlainJsonValue(value: unknown): boolean {
  return isPlainJson(value, 0);
}

/** How deep `isPlainJson` recurses before it leaves the value to the iterative walk (cycles end there too). */
const FAST_CHECK_MAX_DEPTH = 64;

/**
 * Whether `value` is certainly plain JSON, without allocating (no paths, no
 * ancestor set): `false` for a problem, and for a value nested deeper than
 * `FAST_CHECK_MAX_DEPTH` (where a circular reference also ends), which
 * `locateJsonValueProblem` then walks.
 */
function isPlainJson(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth >= FAST_CHECK_MAX_DEPTH) return false;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          const item: unknown = value[index];
          if (item === undefined || !isPlainJson(item, depth + 1)) return false;
        }
        return true;
      }
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const property = (value as Record<string, unknown>)[key];
        if (property !== undefined && !isPlainJson(property, depth + 1)) {
          return false;
        }
      }
      return true;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
    case 'undefined':
      return false;
  }
}

/** The iterative walk of `findJsonValueProblem` that names the first problem. */
function locateJsonValueProblem(
  value: unknown,
  path: string | (() => string),
): ValueProblem | undefined {
  const root: Frame = { value };
  const pathOf = (frame: Frame): string => {
    const keys: (string | number)[] = [];
    let current = frame;
    while (current.parent !== undefined) {
      keys.push(current.key!);
      current = current.parent;
    }
    let result = typeof path === 'string' ? path : path();
    for (let index = keys.length - 1; index >= 0; index--) {
      result = jsonPath(result, keys[index]!);
    }
    return result;
  };
  const stack: Frame[] = [root];
  const ancestors = new Set<object>();
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (frame.exit) {
      ancestors.delete(current as object);
      continue;
    }
    switch (typeof current) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        if (Number.isFinite(current)) continue;
        return {
          path: pathOf(frame),
          message: `${current} is not a JSON number`,
        };
      case 'object': {
        if (current === null) continue;
        if (ancestors.has(current)) {
          return { path: pathOf(frame), message: 'circular reference' };
        }
        if (Array.isArray(current)) {
          ancestors.add(current);
          stack.push({ value: current, exit: true });
          for (let index = current.length - 1; index >= 0; index--) {
            const item: unknown = current[index];
            if (item === undefined) {
              return {
                path: pathOf({ value: item, parent: frame, key: index }),
                message: 'undefined is not a JSON value',
              };
            }
            stack.push({ value: item, parent: frame, key: index });
          }
          continue;
        }
        if (!isRecord(current, { plain: true })) {
          return {
            path: pathOf(frame),
            message: 'expected a plain JSON object, found a class instance',
          };
        }
        ancestors.add(current);
        stack.push({ value: current, exit: true });
        const keys = Object.keys(current);
        for (let index = keys.length - 1; index >= 0; index--) {
          const key = keys[index]!;
          const property = current[key];
          if (property === undefined) continue;
          stack.push({ value: property, parent: frame, key });
        }
        continue;
      }
      case 'bigint':
      case 'function':
      case 'symbol':
      case 'undefined':
        return {
          path: pathOf(frame),
          message: `${typeof current} is not a JSON value`,
        };
    }
  }
  return undefined;
}
