/** `text`, cut to `max` characters with `…` as the last when it is longer. */
export function shortenText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
