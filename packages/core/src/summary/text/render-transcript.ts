import type { Message, Part } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import { createPreview } from './create-preview';
import { getAcmMarker } from '../../vocabulary/message/acm-marker';
import { getSpeakerLabels } from './get-speaker-labels';
import { stripAcmArtifacts } from './strip-acm-artifacts';
import { stripOffloadTags } from '../../state/offload/strip-offload-tags';
import {
  formatCallHeader,
  formatResultHeader,
} from './transcript-block-header';

export interface RenderTranscriptOptions {
  /**
   * Parts longer than this many characters are shortened to a head-and-tail
   * preview (see `createPreview`).
   * @default Infinity (parts are kept whole)
   */
  readonly maxPartChars?: number;
}

/**
 * Renders messages as the plain-text transcript of a summarization request (one
 * user message; providers reject raw tool blocks in that position). One block per
 * part, blocks separated by a blank line:
 *
 * ```text
 * [user]
 * Where is the config?
 *
 * [assistant → call bash id=call_1] {"command":"ls"}
 *
 * [tool result bash id=call_1]
 * config.yaml
 * ```
 *
 * Reasoning is left out, offload tags are stripped, messages ACM wrote are labelled
 * with their kind (`[assistant (rollup)]`) and lose what ACM itself added: ledger
 * lines and fold headers (`stripAcmArtifacts`); the user messages that only open a
 * fold (`rollup`, `last-resort`) are left out. Rendering is concatenative: the
 * transcript of `[...a, ...b]` is the transcripts of `a` and `b` joined by a blank
 * line (when both are non-empty). The headers' grammar lives in
 * `transcript-block-header.ts`, shared with `parseTranscript`, which reads a
 * transcript back into blocks.
 */
export function renderTranscript(
  messages: readonly Message[],
  { maxPartChars = Number.POSITIVE_INFINITY }: RenderTranscriptOptions = {},
): string {
  const blocks: string[] = [];
  for (const message of messages) {
    renderMessageBlocks(message, maxPartChars, blocks);
  }
  return blocks.join('\n\n');
}

function renderMessageBlocks(
  message: Message,
  maxPartChars: number,
  blocks: string[],
): void {
  const kind = getAcmMarker(message)?.kind;
  if (message.role === 'user' && (kind === 'rollup' || kind === 'last-resort'))
    return;
  const written = kind !== undefined && kind !== 'injected';
  const { speaker, label } = getSpeakerLabels(message);
  for (const part of message.content) {
    const block = renderPart(part, label, speaker, maxPartChars, written);
    if (block !== undefined) blocks.push(block);
  }
}

function renderPart(
  part: Part,
  label: string,
  speaker: string,
  maxPartChars: number,
  written: boolean,
): string | undefined {
  const strip = written ? stripAcmArtifacts : stripOffloadTags;
  switch (part.type) {
    case 'text': {
      const text = strip(part.text);
      if (text.trim() === '') return undefined;
      return `[${label}]\n${shorten(text, maxPartChars)}`;
    }
    case 'reasoning':
      return undefined;
    case 'tool-call': {
      const input =
        typeof part.input === 'string'
          ? part.input
          : stringifyToolOutput(part.input);
      return `${formatCallHeader(speaker, part.toolName, part.toolCallId)} ${shorten(input, maxPartChars)}`;
    }
    case 'tool-result': {
      const kind = part.isError === true ? 'error' : 'result';
      const output = strip(stringifyToolOutput(part.output));
      const header = formatResultHeader(kind, part.toolName, part.toolCallId);
      return output === ''
        ? header
        : `${header}\n${shorten(output, maxPartChars)}`;
    }
    case 'file':
      return part.filename !== undefined && part.filename !== ''
        ? `[file ${part.mediaType} ${part.filename}]`
        : `[file ${part.mediaType}]`;
  }
}

function shorten(text: string, maxPartChars: number): string {
  return text.length > maxPartChars
    ? createPreview(text, Math.max(0, Math.floor(maxPartChars)))
    : text;
}
