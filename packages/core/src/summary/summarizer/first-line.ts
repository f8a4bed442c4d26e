/** The first line of `text`, trimmed (leading blank space skipped). */
export function firstLine(text: string): string {
  return text.trim().split('\n', 1)[0]!.trim();
}
