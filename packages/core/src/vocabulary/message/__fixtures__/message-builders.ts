import type { Message } from '../message';

/** Message builders shared by the engine, memory and token tests. */

/** A message of `role` with one text part. */
export function textMessage(
  id: string,
  role: Message['role'],
  text: string,
): Message {
  return { id, role, content: [{ type: 'text', text }] };
}

/** An assistant message with one `bash` tool call running `command`. */
export function bashCall(
  id: string,
  toolCallId: string,
  command: string,
): Message {
  return {
    id,
    role: 'assistant',
    content: [
      { type: 'tool-call', toolCallId, toolName: 'bash', input: { command } },
    ],
  };
}

/** A tool message with the `bash` result `output` for `toolCallId`. */
export function bashResult(
  id: string,
  toolCallId: string,
  output: string,
): Message {
  return {
    id,
    role: 'tool',
    content: [{ type: 'tool-result', toolCallId, toolName: 'bash', output }],
  };
}

/** A build log of about `chars` characters, full of paths and numbers. */
export function buildLog(label: string, chars: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 0; length < chars; index++) {
    const line = `${label} step ${index}: compiled src/module${index}.ts in ${index * 7} ms`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}
