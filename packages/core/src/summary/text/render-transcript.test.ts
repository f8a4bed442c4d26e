import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { withAcmMarker } from '../../vocabulary/message/acm-marker';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import { renderTranscript } from './render-transcript';

const messagesFixture: Message[] = [
  {
    id: 'm0',
    role: 'system',
    content: [{ type: 'text', text: 'You are helpful.' }],
  },
  {
    id: 'm1',
    role: 'user',
    content: [{ type: 'text', text: 'List the files.' }],
  },
  {
    id: 'm2',
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'I should run ls.' },
      { type: 'text', text: 'Let me look.' },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'bash',
        input: { command: 'ls' },
      },
    ],
  },
  {
    id: 'm3',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'bash',
        output: 'a.py\nb.py',
      },
    ],
  },
  {
    id: 'm4',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'call_2',
        toolName: 'cat',
        input: 'a.py',
      },
    ],
  },
  {
    id: 'm5',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_2',
        toolName: 'cat',
        output: { error: 'ENOENT' },
        isError: true,
      },
    ],
  },
  {
    id: 'm6',
    role: 'user',
    name: 'alice',
    content: [
      { type: 'text', text: 'Here is the report.' },
      {
        type: 'file',
        mediaType: 'image/png',
        data: 'iVBORw0KGgo=',
        filename: 'report.png',
      },
      { type: 'file', mediaType: 'application/pdf', data: 'JVBERi0=' },
    ],
  },
];

describe('renderTranscript', () => {
  it('should render one block per part, reasoning left out', () => {
    expect(renderTranscript(messagesFixture)).toBe(
      [
        '[system]\nYou are helpful.',
        '[user]\nList the files.',
        '[assistant]\nLet me look.',
        '[assistant → call bash id=call_1] {"command":"ls"}',
        '[tool result bash id=call_1]\na.py\nb.py',
        '[assistant → call cat id=call_2] a.py',
        '[tool error cat id=call_2]\n{"error":"ENOENT"}',
        '[user alice]\nHere is the report.',
        '[file image/png report.png]',
        '[file application/pdf]',
      ].join('\n\n'),
    );
  });

  it('should strip offload tags and label messages ACM wrote with their kind', () => {
    const summary = withAcmMarker(
      {
        id: 's1',
        role: 'assistant',
        content: [
          { type: 'text', text: `Earlier work.\n${formatOffloadTag('u1')}` },
        ],
      },
      {
        kind: 'rollup',
        strategy: 'rollupHistory',
        offloadId: 'u1',
        generation: 1,
      },
    );
    const injected = withAcmMarker(
      { id: 'r1', role: 'user', content: [{ type: 'text', text: 'Reminder' }] },
      { kind: 'injected' },
    );
    expect(renderTranscript([summary, injected])).toBe(
      '[assistant (rollup)]\nEarlier work.\n\n[user]\nReminder',
    );
  });

  it('should strip offload tags from tool results', () => {
    const stub: Message = {
      id: 't1',
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'bash',
          output: `head…tail\n${formatOffloadTag('u2')}`,
        },
      ],
    };
    expect(renderTranscript([stub])).toBe(
      '[tool result bash id=c1]\nhead…tail',
    );
  });

  it('should leave out blank texts and messages with nothing to render', () => {
    const messages: Message[] = [
      {
        id: 'a',
        role: 'assistant',
        content: [{ type: 'reasoning', text: 'hmm' }],
      },
      { id: 'b', role: 'assistant', content: [{ type: 'text', text: '  ' }] },
      { id: 'c', role: 'user', content: [{ type: 'text', text: 'ok' }] },
    ];
    expect(renderTranscript(messages)).toBe('[user]\nok');
  });

  it('should render an empty tool result as its header alone', () => {
    const message: Message = {
      id: 't',
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'c', toolName: 'noop', output: '' },
      ],
    };
    expect(renderTranscript([message])).toBe('[tool result noop id=c]');
  });

  it('should shorten parts longer than maxPartChars with a head-and-tail preview', () => {
    const message: Message = {
      id: 'u',
      role: 'user',
      content: [{ type: 'text', text: `${'a'.repeat(60)}${'b'.repeat(40)}` }],
    };
    expect(renderTranscript([message], { maxPartChars: 10 })).toBe(
      `[user]\naaaaaa\n…[90 characters omitted]…\nbbbb`,
    );
  });

  it('should be concatenative over message lists', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: messagesFixture.length }),
        (split) => {
          const left = renderTranscript(messagesFixture.slice(0, split));
          const right = renderTranscript(messagesFixture.slice(split));
          const joined = [left, right]
            .filter((text) => text !== '')
            .join('\n\n');
          expect(renderTranscript(messagesFixture)).toBe(joined);
        },
      ),
    );
  });

  it('should strip ledger lines and fold headers from what ACM wrote and leave out fold openers', () => {
    const marker = {
      kind: 'last-resort',
      strategy: 'lastResort',
      offloadId: 'u1',
    } as const;
    const opener = withAcmMarker(
      {
        id: 'f0',
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'Earlier conversation (folded to fit the context budget)',
          },
        ],
      },
      marker,
    );
    const fold = withAcmMarker(
      {
        id: 'f1',
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: [
              'Folded 9 messages.',
              '[user]',
              'Fix src/a.py',
              'Facts kept verbatim — paths: src/a.py',
              formatOffloadTag('u1'),
            ].join('\n'),
          },
        ],
      },
      marker,
    );
    const user: Message = {
      id: 'u',
      role: 'user',
      content: [
        {
          type: 'text',
          text: 'Folded 2 messages.\nFacts kept verbatim — mine',
        },
      ],
    };
    expect(renderTranscript([opener, fold, user])).toBe(
      [
        '[assistant (last-resort)]\n[user]\nFix src/a.py',
        '[user]\nFolded 2 messages.\nFacts kept verbatim — mine',
      ].join('\n\n'),
    );
  });
});
