import type { KeyValueStorage } from './web-storage-session-store';

/**
 * A Web Storage (`localStorage`) stand-in on a `Map`, for Node and tests;
 * `quotaChars` makes `setItem` throw like a full browser storage does.
 */
export function createMemoryStorage({
  quotaChars = Number.POSITIVE_INFINITY,
}: { readonly quotaChars?: number } = {}): KeyValueStorage & {
  /** Characters held (keys and values), as browsers count a quota. */
  readonly usedChars: () => number;
} {
  const items = new Map<string, string>();
  const usedChars = () => {
    let chars = 0;
    for (const [key, value] of items) chars += key.length + value.length;
    return chars;
  };
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      const previous = items.get(key);
      const grows =
        key.length +
        value.length -
        (previous === undefined ? 0 : key.length + previous.length);
      if (usedChars() + grows > quotaChars) {
        throw new Error(`QuotaExceededError: setting ${key} exceeds the quota`);
      }
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    usedChars,
  };
}
