/**
 * The grammar of a transcript's block headers, written and read in this one
 * place. `renderTranscript` writes one block per part and `summarizeSpan`
 * writes the part headers of a merge request; `parseTranscript` and the
 * extractive summarizer's fallback read them back:
 *
 * ```text
 * [user]                                     a text part (label: `getSpeakerLabels`)
 * [assistant (rollup)]                       a text part of a message ACM wrote
 * [assistant → call bash id=call_1] {"command":"ls"}   a tool call, its input on the header line
 * [tool result bash id=call_1]               a tool result (`[tool error …]` when it failed)
 * [file image/png chart.png]                 a file part
 * [part 1 of 3]                              one part summary of a merge request
 * ```
 *
 * A line that starts a block: one of the headers above.
 */
export const TRANSCRIPT_BLOCK_HEADER =
  /^\[(?:system|user|assistant|tool|file|part)\b[^\]\n]{0,200}\]/;

/** A call header (`formatCallHeader`) and what follows it: the tool name, then the input. */
export const TRANSCRIPT_CALL_HEADER =
  /^\[[^\]]*→ call (\S+)(?: id=\S+)?\]\s?(.*)$/;

/** A result header (`formatResultHeader`): `result` or `error`, then the tool name. */
export const TRANSCRIPT_RESULT_HEADER = /^\[tool (result|error) (\S+)/;

/** The header of a tool call's block, `[assistant → call bash id=call_1]`; the input follows it on the same line. */
export function formatCallHeader(
  speaker: string,
  toolName: string,
  toolCallId: string,
): string {
  return `[${speaker} → call ${toolName} id=${toolCallId}]`;
}

/** The header of a tool result's block, `[tool result bash id=call_1]` (`[tool error …]` when it failed). */
export function formatResultHeader(
  kind: 'result' | 'error',
  toolName: string,
  toolCallId: string,
): string {
  return `[tool ${kind} ${toolName} id=${toolCallId}]`;
}

/** The header of one part summary in a merge request, `[part 1 of 3]` (`position` counts from 1). */
export function formatPartHeader(position: number, count: number): string {
  return `[part ${position} of ${count}]`;
}
