import { describe, expect, it } from 'vitest';
import { renderLedger } from './render-ledger';

describe('renderLedger', () => {
  it('should render every non-empty kind on one line', () => {
    expect(
      renderLedger({
        paths: ['src/a.py', '/tmp/x'],
        identifiers: ['call_1', 'HAT136'],
        numbers: ['404'],
        errors: ["KeyError: 'a, b'", 'exit code 2'],
      }),
    ).toBe(
      "Facts kept verbatim — paths: src/a.py, /tmp/x; ids: call_1, HAT136; numbers: 404; errors: KeyError: 'a, b' | exit code 2",
    );
  });

  it('should leave out empty kinds', () => {
    expect(
      renderLedger({
        paths: [],
        identifiers: ['call_1'],
        numbers: [],
        errors: [],
      }),
    ).toBe('Facts kept verbatim — ids: call_1');
  });

  it('should render an empty ledger as an empty string', () => {
    expect(
      renderLedger({ paths: [], identifiers: [], numbers: [], errors: [] }),
    ).toBe('');
  });
});
