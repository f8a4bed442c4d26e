import { describe, expect, it } from 'vitest';
import { withAcmMarker } from '../../vocabulary/message/acm-marker';
import type { Message } from '../../vocabulary/message/message';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import { renderTranscript } from '../text/render-transcript';
import { writeSectionedSummary } from './write-sectioned-summary';

const tauFixture: Message[] = [
  {
    id: 'u1',
    role: 'user',
    content: [
      {
        type: 'text',
        text: 'Please cancel reservation ZFA04Y; my user id is mia_li_3668.',
      },
    ],
  },
  {
    id: 'a1',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'call_oIHazX6yQrB8hUwl4cRilFKj',
        toolName: 'get_reservation_details',
        input: { reservation_id: 'ZFA04Y' },
      },
    ],
  },
  {
    id: 't1',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_oIHazX6yQrB8hUwl4cRilFKj',
        toolName: 'get_reservation_details',
        output: JSON.stringify({
          reservation_id: 'ZFA04Y',
          user_id: 'mia_li_3668',
          flights: [
            { flight_number: 'HAT136', date: '2024-05-20' },
            { flight_number: 'HAT039', date: '2024-05-21' },
          ],
        }),
      },
    ],
  },
  {
    id: 'a2',
    role: 'assistant',
    content: [
      {
        type: 'text',
        text: 'The reservation has two flights. I will ask the user to confirm the cancellation.',
      },
    ],
  },
];

const sweFixture: Message[] = [
  {
    id: 'u1',
    role: 'user',
    content: [{ type: 'text', text: 'Fix the off-by-one in src/range.py.' }],
  },
  {
    id: 'a1',
    role: 'assistant',
    content: [
      { type: 'text', text: 'THOUGHT: Run the tests first.' },
      {
        type: 'tool-call',
        toolCallId: 'call_0001',
        toolName: 'bash',
        input: { command: 'pytest tests/test_range.py' },
      },
    ],
  },
  {
    id: 't1',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_0001',
        toolName: 'bash',
        output:
          '<returncode>1</returncode>\nE   AssertionError: assert 9 == 10\n1 failed',
      },
    ],
  },
  {
    id: 'a2',
    role: 'assistant',
    content: [
      {
        type: 'tool-call',
        toolCallId: 'call_0002',
        toolName: 'bash',
        input: { command: "sed -i 's/n - 1/n/' src/range.py" },
      },
    ],
  },
  {
    id: 't2',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_0002',
        toolName: 'bash',
        output: '<returncode>0</returncode>',
      },
    ],
  },
  {
    id: 'a3',
    role: 'assistant',
    content: [{ type: 'text', text: 'THOUGHT: Now I will rerun the tests.' }],
  },
];

describe('writeSectionedSummary', () => {
  it('should keep a JSON record together: the reservation with its flights and dates, no call id', () => {
    expect(writeSectionedSummary(renderTranscript(tauFixture), 2000)).toBe(
      [
        'Task and constraints:',
        '- Please cancel reservation ZFA04Y; my user id is mia_li_3668.',
        'Progress and decisions:',
        '- get_reservation_details ZFA04Y → user_id: mia_li_3668',
        '- ZFA04Y flights: (flight_number date) HAT136 2024-05-20; HAT039 2024-05-21',
        'Next step:',
        '- The reservation has two flights. I will ask the user to confirm the cancellation.',
      ].join('\n'),
    );
  });

  it('should rank records by the ids and dates they hold when the budget is short', () => {
    const transcript = renderTranscript([
      {
        id: 'a1',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'get_reservation_details',
            input: { reservation_id: 'ZFA04Y' },
          },
        ],
      },
      {
        id: 't1',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'get_reservation_details',
            output: JSON.stringify({
              reservation_id: 'ZFA04Y',
              origin: 'JFK',
              destination: 'SEA',
              flight_type: 'round_trip',
              cabin: 'economy',
              insurance: 'no',
              flights: [
                { flight_number: 'HAT136', date: '2024-05-20' },
                { flight_number: 'HAT039', date: '2024-05-21' },
              ],
              payment_history: [{ payment_id: 'gift_card_7091239' }],
            }),
          },
        ],
      },
    ]);
    expect(writeSectionedSummary(transcript, 200)).toBe(
      [
        'Progress and decisions:',
        '- ZFA04Y flights: (flight_number date) HAT136 2024-05-20; HAT039 2024-05-21',
        '- ZFA04Y payment_history: [payment_id: gift_card_7091239]',
      ].join('\n'),
    );
  });

  it('should write a list of records of one shape as rows, the field names once, nested records as field.key columns', () => {
    const flight = (number: string, economy: number) => ({
      flight_number: number,
      origin: 'JFK',
      destination: 'SEA',
      status: 'available',
      note: null,
      prices: { economy, business: economy * 3 },
    });
    const transcript = renderTranscript([
      {
        id: 'a1',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'search_direct_flight',
            input: { origin: 'JFK', destination: 'SEA', date: '2024-05-20' },
          },
        ],
      },
      {
        id: 't1',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'search_direct_flight',
            output: JSON.stringify([
              flight('HAT136', 120),
              flight('HAT039', 95),
            ]),
          },
        ],
      },
    ]);
    expect(writeSectionedSummary(transcript, 2000)).toBe(
      [
        'Progress and decisions:',
        '- search_direct_flight origin: JFK, destination: SEA, date: 2024-05-20 → (flight_number origin destination status note prices.economy prices.business) HAT136 JFK SEA available null 120 360',
        '- HAT039 JFK SEA available null 95 285',
        'Next step:',
        '- last call: search_direct_flight origin: JFK, destination: SEA, date: 2024-05-20',
      ].join('\n'),
    );
  });

  it('should write a list of groups of records (connecting flights) one group a line, the field names once', () => {
    const leg = (number: string, origin: string, destination: string) => ({
      flight_number: number,
      origin,
      destination,
      date: '2024-05-27',
    });
    const transcript = renderTranscript([
      {
        id: 'a1',
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'search_onestop_flight',
            input: { origin: 'DEN', destination: 'IAH', date: '2024-05-27' },
          },
        ],
      },
      {
        id: 't1',
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'search_onestop_flight',
            output: JSON.stringify([
              [leg('HAT084', 'DEN', 'LAS'), leg('HAT266', 'LAS', 'IAH')],
              [leg('HAT229', 'DEN', 'LAS'), leg('HAT175', 'LAS', 'IAH')],
            ]),
          },
        ],
      },
    ]);
    expect(writeSectionedSummary(transcript, 2000)).toBe(
      [
        'Progress and decisions:',
        '- search_onestop_flight origin: DEN, destination: IAH, date: 2024-05-27 → (flight_number origin destination date) HAT084 DEN LAS 2024-05-27 + HAT266 LAS IAH 2024-05-27',
        '- HAT229 DEN LAS 2024-05-27 + HAT175 LAS IAH 2024-05-27',
        'Next step:',
        '- last call: search_onestop_flight origin: DEN, destination: IAH, date: 2024-05-27',
      ].join('\n'),
    );
  });

  it('should name edited files with the change, errors with the call before and after, and the next step', () => {
    expect(writeSectionedSummary(renderTranscript(sweFixture), 2000)).toBe(
      [
        'Task and constraints:',
        '- Fix the off-by-one in src/range.py.',
        'Progress and decisions:',
        '- Run the tests first.',
        '- bash pytest tests/test_range.py → <returncode>1</returncode> ⏎ … ⏎ 1 failed',
        "- bash sed -i 's/n - 1/n/' src/range.py",
        'Files and changes:',
        '- tests/test_range.py: ran',
        '- src/range.py: edited (sed s/n - 1/n/)',
        'Errors and fixes:',
        "- E   AssertionError: assert 9 == 10 (from: bash pytest tests/test_range.py); next: bash sed -i 's/n - 1/n/' src/range.py",
        'Next step:',
        '- Now I will rerun the tests.',
      ].join('\n'),
    );
  });

  it('should stay within maxChars, keeping the task and the next step first', () => {
    const transcript = renderTranscript(sweFixture);
    const summary = writeSectionedSummary(transcript, 120);
    expect(summary).toBe(
      [
        'Task and constraints:',
        '- Fix the off-by-one in src/range.py.',
        'Next step:',
        '- Now I will rerun the tests.',
      ].join('\n'),
    );
    for (let maxChars = 0; maxChars < 700; maxChars += 7) {
      expect(
        writeSectionedSummary(transcript, maxChars).length,
      ).toBeLessThanOrEqual(maxChars);
    }
  });

  it('should merge an earlier summary into the same sections, without its ledger or tag', () => {
    const earlier = withAcmMarker(
      {
        id: 'r1',
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: [
              'Task and constraints:',
              '- Book JFK to SEA on 2024-05-20 for mia_li_3668.',
              'Progress and decisions:',
              '- Flight HAT136 chosen.',
              'Facts kept verbatim — HAT136 2024-05-20',
              formatOffloadTag('u1'),
            ].join('\n'),
          },
        ],
      },
      { kind: 'rollup', strategy: 'rollupHistory', offloadId: 'u1' },
    );
    const summary = writeSectionedSummary(
      renderTranscript([earlier, ...tauFixture]),
      2000,
    );
    expect(summary.split('\n').slice(0, 4)).toEqual([
      'Task and constraints:',
      '- Book JFK to SEA on 2024-05-20 for mia_li_3668.',
      '- Please cancel reservation ZFA04Y; my user id is mia_li_3668.',
      'Progress and decisions:',
    ]);
    expect(summary).toContain('- Flight HAT136 chosen.');
    expect(summary).not.toContain('Facts kept verbatim');
    expect(summary).not.toContain('CONTEXT_OFFLOAD');
    expect(summary.match(/Task and constraints:/g)).toHaveLength(1);
  });

  it('should write the headings in the language of the conversation', () => {
    const transcript = renderTranscript([
      {
        id: 'u1',
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'Je veux annuler la réservation ZFA04Y pour mon voyage, merci de vérifier les vols.',
          },
        ],
      },
      {
        id: 'a1',
        role: 'assistant',
        content: [
          { type: 'text', text: 'Je vais vérifier la réservation pour vous.' },
        ],
      },
    ]);
    expect(writeSectionedSummary(transcript, 1000)).toBe(
      [
        'Tâche et contraintes:',
        '- Je veux annuler la réservation ZFA04Y pour mon voyage, merci de vérifier les vols.',
        'Prochaine étape:',
        '- Je vais vérifier la réservation pour vous.',
      ].join('\n'),
    );
  });

  it('should be deterministic', () => {
    const transcript = renderTranscript(sweFixture);
    expect(writeSectionedSummary(transcript, 500)).toBe(
      writeSectionedSummary(transcript, 500),
    );
  });

  it("should keep, after an assistant text's first sentence, the sentences that name code, paths or ids", () => {
    const transcript = renderTranscript([
      {
        id: 'a1',
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: 'THOUGHT: I read the code. It is long. The bug is in `_cstack` of astropy/modeling/separable.py. Nothing else matters.\n\n```bash\nls\n```',
          },
          {
            type: 'tool-call',
            toolCallId: 'call_1',
            toolName: 'bash',
            input: { command: 'ls' },
          },
        ],
      },
    ]);
    expect(writeSectionedSummary(transcript, 1000)).toBe(
      [
        'Progress and decisions:',
        '- I read the code. The bug is in `_cstack` of astropy/modeling/separable.py.',
        'Next step:',
        '- The bug is in `_cstack` of astropy/modeling/separable.py. Nothing else matters.',
        '- last call: bash ls',
      ].join('\n'),
    );
  });
});
