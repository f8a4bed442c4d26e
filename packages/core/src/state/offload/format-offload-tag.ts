/**
 * The marker that ties a stub or a summary to its offloaded originals. Byte-for-byte
 * the reference's format, so stored conversations stay compatible.
 */
export function formatOffloadTag(offloadId: string): string {
  return `<!-- CONTEXT_OFFLOAD: uuid=${offloadId} -->`;
}

/**
 * Source of a regular expression matching one offload tag, whitespace-tolerant,
 * with the id in capture group 1. No flags: build your own `RegExp` from it (a
 * shared global regex would carry `lastIndex` state between calls).
 */
export const OFFLOAD_TAG_PATTERN = String.raw`<!--\s*CONTEXT_OFFLOAD:\s*uuid=([^\s<>]+?)\s*-->`;
