/**
 * The states `describeSessionStore` saves and loads: a small one with every
 * part kind, a large one, one of awkward strings, and one that names its
 * session.
 */
import type { CompressionEvent } from '../vocabulary/event/compression-event';
import type { Message } from '../vocabulary/message/message';
import type { ContextState } from '../state/context-state/context-state';

export const FIRST_OFFLOAD_ID = '5f0c6a1e9b2d4c7f8a3e1d0b6c9f2a47';
export const SECOND_OFFLOAD_ID = 'c3d9e1f05a7b4826b1e0f9d3c2a5b748';

export function createTextMessage(
  id: string,
  text: string,
  role: Message['role'],
): Message {
  return { id, role, content: [{ type: 'text', text }] };
}

export function appendText(
  state: ContextState,
  id: string,
  role: Message['role'],
  text: string,
  revisionIncrement = 1,
): ContextState {
  const message = createTextMessage(id, text, role);
  return {
    ...state,
    working: [...state.working, message],
    original: [...state.original, message],
    revision: state.revision + revisionIncrement,
  };
}

/** A small state with every part kind, metadata, an offload entry and an event. */
export function createRichState(
  sessionId: string,
  revision: number,
): ContextState {
  const offloaded: Message = {
    id: 'tool-1',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'bash',
        output: {
          stdout: 'README.md\nsrc\n',
          exitCode: 0,
          files: ['README.md', 'src'],
        },
        isError: false,
      },
    ],
  };
  const stub: Message = {
    id: 'tool-1-stub',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1',
        toolName: 'bash',
        output: `[offloaded, reload id ${FIRST_OFFLOAD_ID}] README.md`,
      },
    ],
    metadata: {
      acm: {
        kind: 'offload-stub',
        strategy: 'offloadLargeMessages',
        offloadId: FIRST_OFFLOAD_ID,
      },
    },
  };
  const head: Message[] = [
    createTextMessage('system', 'You are a careful agent.', 'system'),
    createTextMessage('user-1', 'List the files, please.', 'user'),
    {
      id: 'assistant-1',
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'I should run ls.',
          providerMetadata: { signature: 'sig-1' },
        },
        {
          type: 'tool-call',
          toolCallId: 'call-1',
          toolName: 'bash',
          input: { command: 'ls', options: { all: true, depth: [1, 2, null] } },
        },
      ],
    },
  ];
  const tail: Message[] = [
    {
      id: 'assistant-2',
      role: 'assistant',
      name: 'agent',
      content: [
        { type: 'text', text: 'Two entries: README.md and src.' },
        {
          type: 'file',
          mediaType: 'text/plain',
          data: 'aGVsbG8=',
          filename: 'hello.txt',
        },
      ],
      metadata: { trace: { step: 2, ok: true, ratio: 0.25 } },
    },
  ];
  const event: CompressionEvent = {
    type: 'compression',
    strategy: 'offloadLargeMessages',
    at: 1_700_000_000_000,
    range: { start: 3, end: 4 },
    messageCount: 1,
    tokensBefore: 120,
    tokensAfter: 20,
    offloadIds: [FIRST_OFFLOAD_ID],
    previousMessageId: 'assistant-1',
    nextMessageId: 'assistant-2',
    replacementIds: ['tool-1-stub'],
  };
  return {
    sessionId,
    working: [...head, stub, ...tail],
    original: [...head, offloaded, ...tail],
    offloads: { [FIRST_OFFLOAD_ID]: [offloaded] },
    events: [event],
    revision,
  };
}

/** 2,000 messages and an offload entry of about 4 MB. */
export function createLargeState(
  sessionId: string,
  revision: number,
): ContextState {
  const messages: Message[] = Array.from({ length: 2_000 }, (_, index) =>
    createTextMessage(
      `message-${index}`,
      `Message ${index}: ${'lorem ipsum dolor sit amet '.repeat(8)}`,
      index % 2 === 0 ? 'user' : 'assistant',
    ),
  );
  const line =
    'drwxr-xr-x  2 agent agent 4096 Jan  1 00:00 some/long/path/to/a/file.ts\n';
  const bigOutput = line.repeat(Math.ceil((4 * 1024 * 1024) / line.length));
  const bigResult: Message = {
    id: 'big-result',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-big',
        toolName: 'find',
        output: bigOutput,
      },
    ],
  };
  return {
    sessionId,
    working: messages,
    original: messages,
    offloads: { [FIRST_OFFLOAD_ID]: [bigResult] },
    events: [],
    revision,
  };
}

const UNICODE_SAMPLES: readonly string[] = [
  '日本語のテキストと中文文本，한국어 텍스트',
  'emoji 🙂 👩‍💻 🇫🇷 👍🏽 family 👨‍👩‍👧‍👦',
  'combining: e\u0301 a\u0308 n\u0303 Z\u0351\u0334\u0330',
  'nul \u0000 inside \u0000\u0000 twice, and \u0001 soh',
  'quotes " \' ` and backslashes \\ \\\\ \\u0000 \\n',
  'control \b\f\n\r\t\u001f\u007f and separators \u2028 \u2029',
  '{"looks":"like json","n":[1,2]}',
  'lone surrogates \ud800 and \udfff, and a cut pair \ud83d',
  'rtl עברית العربية and zero width \u200b\u200d\ufeff',
  '\uffff\ufffe noncharacters',
];

/** Every awkward string in text, tool input and output, metadata keys and values, and an offload. */
export function createUnicodeState(
  sessionId: string,
  revision: number,
): ContextState {
  const messages: Message[] = UNICODE_SAMPLES.map((text, index) => ({
    id: `unicode-${index}-${text.slice(0, 4)}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: 'text', text }],
    metadata: { [`key ${text}`]: text, nested: [text, { [text]: index }] },
  }));
  const toolMessages: Message[] = [
    {
      id: 'call-unicode',
      role: 'assistant',
      content: [
        {
          type: 'tool-call',
          toolCallId: 'call-ü-🙂',
          toolName: 'search',
          input: {
            query: UNICODE_SAMPLES.join('\n'),
            'ключ\u0000': 'значение',
          },
        },
      ],
    },
    {
      id: 'result-unicode',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'call-ü-🙂',
          toolName: 'search',
          output: {
            lines: UNICODE_SAMPLES,
            raw: UNICODE_SAMPLES.join('\u0000'),
          },
        },
      ],
    },
  ];
  const all = [...messages, ...toolMessages];
  return {
    sessionId,
    working: all,
    original: all,
    offloads: { [FIRST_OFFLOAD_ID]: toolMessages },
    events: [],
    revision,
  };
}

/** A small state whose content names its session, so a mix-up between ids shows. */
export function createTaggedState(
  sessionId: string,
  revision: number,
): ContextState {
  const message = createTextMessage('tag', `state of ${sessionId}`, 'user');
  return {
    sessionId,
    working: [message],
    original: [message],
    offloads: {},
    events: [],
    revision,
  };
}
