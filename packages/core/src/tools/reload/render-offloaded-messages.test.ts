import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import { renderOffloadedMessages } from './render-offloaded-messages';

const messages: readonly Message[] = [
  {
    id: 'm1',
    role: 'user',
    name: 'alice',
    content: [
      { type: 'text', text: 'See the picture.' },
      { type: 'text', text: '' },
      {
        type: 'file',
        mediaType: 'image/png',
        data: 'iVBORw0KGgo=',
        filename: 'shot.png',
      },
    ],
  },
  {
    id: 'm2',
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'The user wants the size.' },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'identify',
        input: { path: 'shot.png' },
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
        toolName: 'identify',
        output: { width: 640, height: 480 },
        isError: true,
      },
    ],
  },
  {
    id: 'm4',
    role: 'assistant',
    metadata: { acm: { kind: 'offload-stub', offloadId: 'x1' } },
    content: [
      { type: 'text', text: `Earlier output\n${formatOffloadTag('x1')}` },
    ],
  },
];

describe('renderOffloadedMessages', () => {
  it('should render every part with its role, tool name and id, keeping markers', () => {
    expect(renderOffloadedMessages(messages)).toBe(
      [
        '[user alice]',
        'See the picture.',
        '',
        '[user alice file image/png shot.png: 12 characters of data not shown]',
        '',
        '[assistant reasoning]',
        'The user wants the size.',
        '',
        '[assistant → call identify id=call_1]',
        '{"path":"shot.png"}',
        '',
        '[tool error identify id=call_1]',
        '{"width":640,"height":480}',
        '',
        '[assistant (offload-stub)]',
        'Earlier output',
        '<!-- CONTEXT_OFFLOAD: uuid=x1 -->',
      ].join('\n'),
    );
  });

  it('should render nothing for no messages', () => {
    expect(renderOffloadedMessages([])).toBe('');
  });
});
