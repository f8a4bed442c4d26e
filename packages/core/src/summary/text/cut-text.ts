/**
 * `text` cut to at most `maxChars` code units, ending with `…` when cut; the
 * cut never splits a surrogate pair.
 */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${cutHead(text, maxChars - 1)}…`;
}

/** The first `length` code units of `text`, one fewer if the cut would split a surrogate pair. */
export function cutHead(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
