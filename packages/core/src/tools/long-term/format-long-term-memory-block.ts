/** The tag around retrieved long-term memories, as in the seed. */
export const LONG_TERM_MEMORY_TAG = 'long_term_memory';

/**
 * Wraps retrieved memories for the prompt:
 * `<long_term_memory>\n…\n</long_term_memory>`. Returns `''` for blank text
 * (nothing to inject). A closing tag inside the text is neutralized so
 * stored text cannot end the block early.
 */
export function formatLongTermMemoryBlock(text: string): string {
  if (text.trim() === '') return '';
  const safe = text.replaceAll(
    `</${LONG_TERM_MEMORY_TAG}>`,
    `<\\/${LONG_TERM_MEMORY_TAG}>`,
  );
  return `<${LONG_TERM_MEMORY_TAG}>\n${safe.trim()}\n</${LONG_TERM_MEMORY_TAG}>`;
}
