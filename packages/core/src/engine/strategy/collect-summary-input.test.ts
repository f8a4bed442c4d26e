import { describe, expect, it } from 'vitest';
import type { AcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { assistant, exchange, user } from './__fixtures__/strategy-fixtures';
import { collectSummaryInput } from './collect-summary-input';
import { createMarkedTextMessage } from './create-marked-text-message';

const tag = (id: string) => `<!-- CONTEXT_OFFLOAD: uuid=${id} -->`;

/** A working summary pair standing for `entry` behind `offloadId`. */
function fold(
  offloadId: string,
  text: string,
  marker: Partial<AcmMarker> & Pick<AcmMarker, 'kind'>,
): Message[] {
  const base = {
    strategy: 'rollupHistory',
    offloadId,
    generation: 1,
    ...marker,
  } as const;
  return [
    createMarkedTextMessage({
      id: `${offloadId}-user`,
      role: 'user',
      text: 'Summary of the earlier conversation',
      marker: { kind: base.kind, strategy: base.strategy, offloadId },
    }),
    createMarkedTextMessage({
      id: `${offloadId}-summary`,
      role: 'assistant',
      text: `${text}\n${tag(offloadId)}`,
      marker: base,
    }),
  ];
}

/** What the summarizer is sent for an earlier summary's text. */
function summaryText(id: string, text: string): Message {
  return createMarkedTextMessage({
    id,
    role: 'assistant',
    text,
    marker: { kind: 'rollup', strategy: 'rollupHistory' },
  });
}

/** Four originals of 1,000 characters or more: long beside the summaries below. */
const earlier = [
  user('u1', `Book HAT-1. ${'details '.repeat(125)}`),
  assistant('a1', `Booked HAT-1. ${'details '.repeat(125)}`),
  user('u2', `Book HAT-2. ${'details '.repeat(125)}`),
  assistant('a2', `Booked HAT-2. ${'details '.repeat(125)}`),
];
const fresh = [user('u3'), assistant('a3')];

describe('collectSummaryInput', () => {
  it('should read an earlier rollup as its text and only what is new, never its originals', () => {
    const span = [
      ...fold('gen-1', 'Tickets HAT-1 and HAT-2 were answered.', {
        kind: 'rollup',
      }),
      ...fresh,
    ];

    const input = collectSummaryInput(span, {
      lookupOffload: (id) => (id === 'gen-1' ? earlier : undefined),
      artifacts: 'as-is',
    });

    expect(input.messages).toEqual([
      summaryText('gen-1-summary', 'Tickets HAT-1 and HAT-2 were answered.'),
      ...fresh,
    ]);
    expect(input.texts).toEqual(['Tickets HAT-1 and HAT-2 were answered.']);
    expect(input.originals).toEqual(fresh);
  });

  it('should read the originals behind it again for a summarizer that reads them up to a length', () => {
    const span = [
      ...fold('gen-1', 'Tickets HAT-1 and HAT-2 were answered.', {
        kind: 'rollup',
      }),
      ...fresh,
    ];
    const lookupOffload = (id: string) =>
      id === 'gen-1' ? earlier : undefined;
    // The transcript of the four originals: between 4,000 and 5,000 characters.
    const read = (readOriginalsUpTo: number) =>
      collectSummaryInput(span, {
        lookupOffload,
        readOriginalsUpTo,
        artifacts: 'as-is',
      }).messages;

    expect(read(5000)).toEqual([...earlier, ...fresh]);
    expect(read(4000)).toEqual([
      summaryText('gen-1-summary', 'Tickets HAT-1 and HAT-2 were answered.'),
      ...fresh,
    ]);
  });

  it('should read the originals behind it on an explicit re-summary', () => {
    const span = [...fold('gen-1', 'Short.', { kind: 'rollup' }), ...fresh];

    const input = collectSummaryInput(span, {
      lookupOffload: (id) => (id === 'gen-1' ? earlier : undefined),
      resummarize: true,
      artifacts: 'as-is',
    });

    expect(input.messages).toEqual([...earlier, ...fresh]);
    expect(input.texts).toEqual([]);
  });

  it('should read a condensed summary as the fuller text it came from, with the originals it lists as unread', () => {
    const span = [
      ...fold('gen-2', 'Short.', {
        kind: 'rollup',
        basis: 'The full account of HAT-1.',
        unsummarized: ['u2', 'a2'],
      }),
      ...fresh,
    ];

    const input = collectSummaryInput(span, {
      lookupOffload: (id) => (id === 'gen-2' ? earlier : undefined),
      artifacts: 'as-is',
    });

    expect(input.messages).toEqual([
      summaryText('gen-2-summary', 'The full account of HAT-1.'),
      earlier[2],
      earlier[3],
      ...fresh,
    ]);
  });

  it("should read a last-resort fold as the summaries' text it carries and the originals it lists, not as its extract", () => {
    const withBasis = collectSummaryInput(
      fold('lr-1', 'Folded 4 messages.\n## Task\nu1', {
        kind: 'last-resort',
        strategy: 'lastResort',
        basis: 'What the rollup said.',
        unsummarized: ['u2', 'a2'],
      }),
      {
        lookupOffload: (id) => (id === 'lr-1' ? earlier : undefined),
        artifacts: 'as-is',
      },
    );
    expect(withBasis.messages).toEqual([
      summaryText('lr-1-summary', 'What the rollup said.'),
      earlier[2],
      earlier[3],
    ]);

    // Written before the list existed: every original is unread.
    const legacy = collectSummaryInput(
      fold('lr-0', 'Folded 4 messages.', {
        kind: 'last-resort',
        strategy: 'lastResort',
      }),
      {
        lookupOffload: (id) => (id === 'lr-0' ? earlier : undefined),
        artifacts: 'as-is',
      },
    );
    expect(legacy.messages).toEqual(earlier);
  });

  it('should read a summarized exchange as written and an offloaded one from its original in a current-round fold', () => {
    const [call, result] = exchange('e1', 'a large result');
    const summarized = createMarkedTextMessage({
      id: 'summary-1',
      role: 'assistant',
      text: `The search found HAT-9.\n${tag('run-1')}`,
      marker: {
        kind: 'tool-run-summary',
        strategy: 'compressToolRuns',
        offloadId: 'run-1',
      },
    });
    const stub: Message = {
      ...result!,
      id: 'stub-1',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'e1',
          toolName: 'search',
          output: `a lar… ${tag('big-1')}`,
        },
      ],
      metadata: {
        acm: {
          kind: 'offload-stub',
          strategy: 'offloadLargeMessages',
          offloadId: 'big-1',
        },
      },
    };
    const entries: Record<string, readonly Message[]> = {
      'run-1': exchange('e0'),
      'big-1': [result!],
    };

    const input = collectSummaryInput([summarized, call!, stub], {
      lookupOffload: (id) => entries[id],
      artifacts: 'unseen',
    });

    expect(input.messages).toEqual([summarized, call, result]);
    expect(input.originals).toEqual([call, result]);
  });
});
