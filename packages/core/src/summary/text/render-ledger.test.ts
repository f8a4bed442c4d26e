import { describe, expect, it } from 'vitest';
import { LEDGER_MAX_CHARS, LEDGER_PREFIX, renderLedger } from './render-ledger';

const flat = {
  paths: ['src/a.py', '/tmp/x'],
  identifiers: ['HAT136'],
  numbers: ['404'],
  errors: ["KeyError: 'a, b'", 'exit code 2'],
};

describe('renderLedger', () => {
  it('should render every non-empty kind on one line when the ledger has no groups', () => {
    expect(renderLedger(flat)).toBe(
      "Facts kept verbatim — paths: src/a.py, /tmp/x; ids: HAT136; numbers: 404; errors: KeyError: 'a, b' | exit code 2",
    );
  });

  it('should leave out empty kinds', () => {
    expect(
      renderLedger({
        paths: [],
        identifiers: ['HAT136'],
        numbers: [],
        errors: [],
      }),
    ).toBe('Facts kept verbatim — ids: HAT136');
  });

  it('should render an empty ledger as an empty string', () => {
    expect(
      renderLedger({ paths: [], identifiers: [], numbers: [], errors: [] }),
    ).toBe('');
  });

  it('should render groups, one per record, instead of flat lists', () => {
    expect(
      renderLedger({
        paths: [],
        identifiers: ['ZFA04Y', 'HAT136', 'HAT039'],
        numbers: ['2024-05-20'],
        errors: [],
        groups: [
          ['ZFA04Y', 'HAT136', '2024-05-20', 'HAT039', '2024-05-20'],
          ['HAT069', '121'],
        ],
      }),
    ).toBe(
      'Facts kept verbatim — ZFA04Y HAT136 2024-05-20 HAT039 2024-05-20; HAT069 121',
    );
  });

  it("should leave out what the summary already holds, keeping a group's first entry as its anchor", () => {
    expect(
      renderLedger(
        {
          paths: ['src/a.py'],
          identifiers: ['ZFA04Y', 'HAT136'],
          numbers: ['2024-05-20'],
          errors: ["KeyError: 'x'"],
          groups: [
            ['ZFA04Y', 'HAT136', '2024-05-20'],
            ['HAT069', '121'],
            ['src/a.py'],
          ],
        },
        {
          summary:
            "Reservation ZFA04Y: flight HAT136. Edited src/a.py. KeyError: 'x'",
        },
      ),
    ).toBe('Facts kept verbatim — ZFA04Y: 2024-05-20; HAT069 121');
    expect(
      renderLedger(flat, {
        summary: "src/a.py /tmp/x HAT136 404 KeyError: 'a, b' exit code 2",
      }),
    ).toBe('');
  });

  it('should never exceed maxChars, dropping whole entries', () => {
    const groups = Array.from({ length: 100 }, (_, index) => [
      `RES${1000 + index}`,
      `HAT${100 + index}`,
    ]);
    const line = renderLedger({
      paths: [],
      identifiers: [],
      numbers: [],
      errors: ['E'.repeat(500)],
      groups,
    });
    // 22 + 13 × 14 + 12 × 2 = 228; the 14th group would end at 244.
    expect(line).toBe(
      `${LEDGER_PREFIX}${groups
        .slice(0, 13)
        .map((group) => group.join(' '))
        .join('; ')}`,
    );
    expect(line.length).toBeLessThanOrEqual(LEDGER_MAX_CHARS);
    expect(
      renderLedger(
        { paths: [], identifiers: [], numbers: [], errors: ['E'.repeat(500)] },
        { maxChars: 140 },
      ),
    ).toBe(`${LEDGER_PREFIX}errors: ${'E'.repeat(99)}…`);
  });
});
