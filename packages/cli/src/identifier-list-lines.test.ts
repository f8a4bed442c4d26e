import { describe, expect, it } from 'vitest';
import {
  isIdentifierListLine,
  splitIdentifierLists,
} from './identifier-list-lines';

describe('isIdentifierListLine', () => {
  it('should recognise ledgers, labelled lists and bare lists of tokens', () => {
    expect(isIdentifierListLine('Facts kept verbatim — ids: HAT1, HAT2')).toBe(
      true,
    );
    expect(isIdentifierListLine('ids: HAT1')).toBe(true);
    expect(isIdentifierListLine('- Paths: a.py, b.py')).toBe(true);
    expect(isIdentifierListLine('HAT001, HAT002, HAT003, ZFA04Y')).toBe(true);
    expect(
      isIdentifierListLine('Flights: HAT001; HAT002; HAT003; HAT004'),
    ).toBe(true);
  });

  it('should keep prose, associations and lists of phrases', () => {
    expect(
      isIdentifierListLine(
        'Reservation ZFA04Y: flights HAT001 and HAT002 on 2024-05-20',
      ),
    ).toBe(false);
    expect(
      isIdentifierListLine('Passengers: Mia Li, Noah Brown, Ava Chen, Liam Wu'),
    ).toBe(false);
    expect(isIdentifierListLine('a, b, c')).toBe(false);
    expect(isIdentifierListLine('')).toBe(false);
  });
});

describe('splitIdentifierLists', () => {
  it('should move list lines and inline ledgers out of the text', () => {
    expect(
      splitIdentifierLists(
        'Summary line one.\nFacts kept verbatim — paths: a/b.py; ids: HAT1, HAT2\n' +
          'Reservation ZFA04Y: flights HAT001 and HAT002 on 2024-05-20\n' +
          'HAT001, HAT002, HAT003, ZFA04Y\n' +
          '[assistant (last-resort)] Folded 3 messages. Facts kept verbatim — ids: X1',
      ),
    ).toEqual({
      rest:
        'Summary line one.\nReservation ZFA04Y: flights HAT001 and HAT002 on 2024-05-20\n' +
        '[assistant (last-resort)] Folded 3 messages. ',
      lists: [
        'Facts kept verbatim — paths: a/b.py; ids: HAT1, HAT2',
        'HAT001, HAT002, HAT003, ZFA04Y',
        'Facts kept verbatim — ids: X1',
      ],
    });
  });
});
