import type { Part } from '../vocabulary/message/message';
import { hashValue } from '../vocabulary/util/hash-value';

/**
 * What a converter records beside one core part (what core does not model:
 * provider options, a data form, an output kind), tied to that part by a
 * content fingerprint: ACM's edits (offload stubs, summaries) keep a message's
 * metadata but change its parts, so an entry whose part changed no longer
 * applies and the part is written from its content.
 */
export interface PartEntry {
  /** `hashValue` of the core part. */
  readonly fingerprint: string;
  /** Among the message's parts with this fingerprint, which one (0 when absent). */
  readonly occurrence?: number;
}

/**
 * The entries of a message's parts: `extras[index]` (when defined) becomes an
 * entry for `parts[index]`. Parts are hashed only when some part has extras.
 */
export function recordPartEntries<TExtras extends object>(
  parts: readonly Part[],
  extras: readonly (TExtras | undefined)[],
): (TExtras & PartEntry)[] {
  if (extras.every((entry) => entry === undefined)) return [];
  const seen = new Map<string, number>();
  const entries: (TExtras & PartEntry)[] = [];
  parts.forEach((part, index) => {
    const fingerprint = hashValue(part);
    const occurrence = seen.get(fingerprint) ?? 0;
    seen.set(fingerprint, occurrence + 1);
    const entry = extras[index];
    if (entry === undefined) return;
    entries.push({
      fingerprint,
      ...(occurrence === 0 ? {} : { occurrence }),
      ...entry,
    });
  });
  return entries;
}

/**
 * Finds the entry recorded for each part of a message, called once per part
 * in order: the entry with the part's fingerprint and occurrence, or
 * `undefined` (the part changed, or nothing was recorded). Hashes nothing when
 * there are no entries.
 */
export function createPartEntryFinder<TEntry extends PartEntry>(
  entries: readonly TEntry[] | undefined,
): (part: Part) => TEntry | undefined {
  if (entries === undefined || entries.length === 0) return () => undefined;
  const byKey = new Map(
    entries.map((entry) => [
      `${entry.occurrence ?? 0}:${entry.fingerprint}`,
      entry,
    ]),
  );
  const seen = new Map<string, number>();
  return (part) => {
    const fingerprint = hashValue(part);
    const occurrence = seen.get(fingerprint) ?? 0;
    seen.set(fingerprint, occurrence + 1);
    return byKey.get(`${occurrence}:${fingerprint}`);
  };
}
