import {
  TRANSCRIPT_BLOCK_HEADER,
  TRANSCRIPT_CALL_HEADER,
  TRANSCRIPT_RESULT_HEADER,
} from './transcript-block-header';

/** One block of a transcript, as `parseTranscript` reads it. */
export interface TranscriptBlock {
  /** The header line as written (`''` for text before the first header). */
  readonly header: string;
  /**
   * The block's text, trimmed; for a call, its input: the rest of the header
   * line, then the lines below it.
   */
  readonly body: string;
  /**
   * What the block holds: a text part by role, a tool `call`, a tool `result`
   * or `error`, a `summary` (a message ACM wrote, or a `[part i of n]` of a
   * merge request), or `other` (a file part, text before the first header).
   */
  readonly kind:
    | 'system'
    | 'user'
    | 'assistant'
    | 'call'
    | 'result'
    | 'error'
    | 'summary'
    | 'other';
  /** Tool name of a call or result. */
  readonly tool?: string;
}

/** Kinds of what ACM wrote, as transcripts label them (`[assistant (rollup)]`, see `getSpeakerLabels`). */
const SUMMARY_LABEL =
  /\((?:rollup|round-summary|tool-run-summary|last-resort|current-round-summary|current-round-compression|current-round-fold|offload-stub)\)/;

/**
 * Reads a transcript back into its blocks: the inverse of what
 * `renderTranscript` writes (and of the `[part i of n]` headers of a merge
 * request), by the header grammar both share (`transcript-block-header.ts`).
 * A line that matches `TRANSCRIPT_BLOCK_HEADER` opens a block; every other line
 * belongs to the block above it. Text before the first header is a block of
 * its own with an empty header. Pure.
 */
export function parseTranscript(transcript: string): TranscriptBlock[] {
  const blocks: { header: string; lines: string[] }[] = [];
  for (const line of transcript.split('\n')) {
    if (TRANSCRIPT_BLOCK_HEADER.test(line) || blocks.length === 0)
      blocks.push({
        header: TRANSCRIPT_BLOCK_HEADER.test(line) ? line : '',
        lines: TRANSCRIPT_BLOCK_HEADER.test(line) ? [] : [line],
      });
    else blocks[blocks.length - 1]!.lines.push(line);
  }
  return blocks.map(({ header, lines }) => readBlock(header, lines));
}

function readBlock(header: string, lines: readonly string[]): TranscriptBlock {
  const body = lines.join('\n').trim();
  const label = header.slice(0, header.indexOf(']') + 1 || header.length);
  const call = TRANSCRIPT_CALL_HEADER.exec(header);
  if (call !== null) {
    const input = [call[2] ?? '', body]
      .filter((piece) => piece !== '')
      .join('\n');
    return { header, body: input, kind: 'call', tool: call[1]! };
  }
  const result = TRANSCRIPT_RESULT_HEADER.exec(label);
  if (result !== null)
    return {
      header,
      body,
      kind: result[1] === 'error' ? 'error' : 'result',
      tool: result[2]!,
    };
  if (SUMMARY_LABEL.test(label)) return { header, body, kind: 'summary' };
  if (label.startsWith('[part ')) return { header, body, kind: 'summary' };
  if (label.startsWith('[user')) return { header, body, kind: 'user' };
  if (label.startsWith('[assistant'))
    return { header, body, kind: 'assistant' };
  if (label.startsWith('[system')) return { header, body, kind: 'system' };
  return { header, body, kind: 'other' };
}
