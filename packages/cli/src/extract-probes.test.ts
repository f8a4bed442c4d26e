import type { Message } from '@acm/core';
import { describe, expect, it } from 'vitest';
import {
  collectSourceProbes,
  collectUsedProbes,
  containsProbe,
  extractProbes,
  extractValueProbes,
} from './extract-probes';

describe('extractProbes', () => {
  it('should find paths, code names, ids, hashes, dates, quantities and quoted values', () => {
    expect(
      extractProbes(
        'Edit sklearn/utils/validation.py: check_array() calls LabelEncoder.fit and ' +
          '_ensure_no_complex_data; see setup.cfg, commit 3f2a9bc1, took 250 ms and $1,200 on 2024-05-20 for HAT136. ' +
          'Use "credit_card_4421486" or \'QS created\' len(x) np.asarray(y) range(3)',
      ),
    ).toEqual([
      'sklearn/utils/validation.py',
      'setup.cfg',
      'check_array',
      '_ensure_no_complex_data',
      'credit_card_4421486',
      'LabelEncoder',
      'LabelEncoder.fit',
      'np.asarray',
      'HAT136',
      '3f2a9bc1',
      '2024-05-20',
      '250 ms',
      '$1,200',
    ]);
  });

  it('should leave out plain words, plain numbers and version-like numbers', () => {
    expect(
      extractProbes('The value is 42 and version 1.2.3, "hello there" ok.'),
    ).toEqual([]);
  });
});

describe('extractValueProbes', () => {
  it('should take one-token string values and scan longer strings, never keys or numbers', () => {
    expect(
      extractValueProbes({
        reservation_id: 'ZFA04Y',
        cabin: 'economy',
        passengers: [{ first_name: 'Mia', last_name: 'Li' }],
        amount: 250,
        note: 'a long note with HAT039 inside',
      }),
    ).toEqual(['ZFA04Y', 'economy', 'Mia', 'HAT039']);
  });
});

describe('containsProbe', () => {
  it('should match whole tokens only', () => {
    expect(containsProbe('HAT136 and HAT13x', 'HAT13')).toBe(false);
    expect(containsProbe('(HAT13)', 'HAT13')).toBe(true);
    expect(containsProbe('path src/a.py.', 'src/a.py')).toBe(true);
    expect(containsProbe('anything', '')).toBe(false);
  });
});

describe('collectSourceProbes / collectUsedProbes', () => {
  const toolCall: Message = {
    id: 'a1',
    role: 'assistant',
    content: [
      { type: 'text', text: 'Looking up the reservation.' },
      {
        type: 'tool-call',
        toolCallId: 'call_1',
        toolName: 'get_reservation_details',
        input: { reservation_id: 'ZFA04Y' },
      },
    ],
  };
  const toolResult: Message = {
    id: 't1',
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call_1',
        toolName: 'get_reservation_details',
        output:
          '{"reservation_id": "ZFA04Y", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}]}',
      },
    ],
  };

  it('should take sources from tool-call inputs and JSON tool results, not from text or call ids', () => {
    expect(collectSourceProbes(toolCall)).toEqual(['ZFA04Y']);
    expect(collectSourceProbes(toolResult)).toEqual([
      'ZFA04Y',
      'HAT136',
      '2024-05-20',
    ]);
  });

  it('should take used probes from text and tool-call inputs', () => {
    expect(
      collectUsedProbes({
        id: 'a2',
        role: 'assistant',
        content: [
          { type: 'text', text: 'Flight HAT136 on 2024-05-20 is booked.' },
        ],
      }),
    ).toEqual(['HAT136', '2024-05-20']);
    expect(collectUsedProbes(toolCall)).toEqual(['ZFA04Y']);
  });
});
