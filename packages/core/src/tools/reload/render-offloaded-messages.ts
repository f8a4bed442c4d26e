import type { Message, Part } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import { getSpeakerLabels } from '../../summary/text/get-speaker-labels';

/**
 * Renders offloaded messages for the model, in full: one block per part,
 * blocks separated by a blank line, every text byte-exact (offload markers
 * inside are kept, so nested content can be reloaded in turn):
 *
 * ```text
 * [user]
 * Where is the config?
 *
 * [assistant → call bash id=call_1]
 * {"command":"ls"}
 *
 * [tool result bash id=call_1]
 * config.yaml
 * ```
 *
 * Reasoning is shown as `[assistant reasoning]`; messages ACM wrote carry
 * their kind (`[assistant (rollup)]`); file parts show their media type,
 * name and size, not their data. Empty text parts are left out.
 */
export function renderOffloadedMessages(messages: readonly Message[]): string {
  const blocks: string[] = [];
  for (const message of messages) {
    const { speaker, label } = getSpeakerLabels(message);
    for (const part of message.content) {
      const block = renderPart(part, label, speaker);
      if (block !== undefined) blocks.push(block);
    }
  }
  return blocks.join('\n\n');
}

function renderPart(
  part: Part,
  label: string,
  speaker: string,
): string | undefined {
  switch (part.type) {
    case 'text':
      return part.text === '' ? undefined : `[${label}]\n${part.text}`;
    case 'reasoning':
      return part.text === ''
        ? undefined
        : `[${speaker} reasoning]\n${part.text}`;
    case 'tool-call': {
      const input =
        typeof part.input === 'string'
          ? part.input
          : stringifyToolOutput(part.input);
      return `[${speaker} → call ${part.toolName} id=${part.toolCallId}]\n${input}`;
    }
    case 'tool-result': {
      const kind = part.isError === true ? 'error' : 'result';
      const output = stringifyToolOutput(part.output);
      const header = `[tool ${kind} ${part.toolName} id=${part.toolCallId}]`;
      return output === '' ? header : `${header}\n${output}`;
    }
    case 'file': {
      const name =
        part.filename !== undefined && part.filename !== ''
          ? ` ${part.filename}`
          : '';
      return `[${speaker} file ${part.mediaType}${name}: ${part.data.length} characters of data not shown]`;
    }
  }
}
