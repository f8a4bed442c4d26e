import { isRecord } from './is-record';

/**
 * JSON-safe copies of framework values that may hold bytes or URLs (AI SDK
 * file data, `content` tool outputs, parts kept verbatim), so that core messages
 * and their metadata stay plain JSON (states serialize as they are). Reversible:
 * `fromJsonSafe(toJsonSafe(value))` deep-equals `value` for JSON values,
 * `Uint8Array`, `ArrayBuffer` and `URL` (object keys whose value is
 * `undefined` are left out, as `JSON.stringify` does).
 */

const BYTES = '__acmBytes';
const ARRAY_BUFFER = '__acmArrayBuffer';
const URL_KEY = '__acmUrl';

/**
 * A JSON-safe copy of `value`: bytes become `{ __acmBytes: base64 }`, URLs
 * `{ __acmUrl: href }`, fields holding `undefined` are left out; an own
 * `__proto__` key stays data. Other class instances are kept as they are, so
 * core's validation reports what is not JSON.
 */
export function toJsonSafe(value: unknown): unknown {
  return copyJson(value, true);
}

/**
 * A copy of `value` without object fields whose value is `undefined`
 * (framework objects carry many; core metadata must be JSON), an own
 * `__proto__` key kept as data. Anything that is not a plain object or an
 * array is kept as it is, so core's validation reports what is not JSON.
 */
export function withoutUndefined<T>(value: T): T {
  return copyJson(value, false) as T;
}

/**
 * Whether `value` is a plain object (not an array, class instance or null):
 * `isRecord(value, { plain: true })`, under the name `@acm/core/internal`
 * exports.
 */
export function isPlainRecord(
  value: unknown,
): value is Record<string, unknown> {
  return isRecord(value, { plain: true });
}

function copyJson(value: unknown, encode: boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (encode && value instanceof Uint8Array) {
    return { [BYTES]: bytesToBase64(value) };
  }
  if (encode && value instanceof ArrayBuffer) {
    return { [ARRAY_BUFFER]: bytesToBase64(new Uint8Array(value)) };
  }
  if (encode && value instanceof URL) return { [URL_KEY]: value.href };
  if (Array.isArray(value)) return value.map((item) => copyJson(item, encode));
  if (!isRecord(value, { plain: true })) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    if (key === '__proto__') {
      // An own `__proto__` key (valid JSON) is data, not a prototype.
      Object.defineProperty(copy, key, {
        value: copyJson(item, encode),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      copy[key] = copyJson(item, encode);
    }
  }
  return copy;
}

/** Reverses {@link toJsonSafe}. */
export function fromJsonSafe(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => fromJsonSafe(item));
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1) {
    const encoded = record[keys[0]!];
    if (typeof encoded === 'string') {
      if (keys[0] === BYTES) return base64ToBytes(encoded);
      if (keys[0] === ARRAY_BUFFER) return base64ToBytes(encoded).buffer;
      if (keys[0] === URL_KEY) return new URL(encoded);
    }
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    Object.defineProperty(copy, key, {
      value: fromJsonSafe(item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** Base64 of `bytes` (standard alphabet, padded). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}

/** The bytes of base64 text. */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) {
    bytes[index] = binary.charCodeAt(index);
  }
  return bytes;
}
