import { describe, expect, it } from 'vitest';
import {
  LEDGER_MAX_GROUP_ENTRIES,
  extractIdentifierLedger,
} from './extract-identifier-ledger';

describe('extractIdentifierLedger', () => {
  it('should find relative, absolute, dotted-relative and line-numbered paths and URLs', () => {
    const ledger = extractIdentifierLedger(
      'Edited src/a/b.py and /etc/nginx/nginx.conf, see ./x and a.py:42 or ' +
        'lib/util.ts:10:5; docs at https://example.com/docs?page=2 and ~/notes/todo.md.',
    );
    expect(ledger.paths).toEqual([
      'src/a/b.py',
      '/etc/nginx/nginx.conf',
      './x',
      'a.py:42',
      'lib/util.ts:10:5',
      'https://example.com/docs?page=2',
      '~/notes/todo.md',
    ]);
  });

  it('should not take prose fractions, sed expressions or closing tags for paths', () => {
    const ledger = extractIdentifierLedger(
      "and/or km/h 1/2 sed -i 's/old_name/new_name/g' file <output>done</output>",
    );
    expect(ledger.paths).toEqual([]);
  });

  it('should find UUIDs, hashes, codes, qualified names, e-mails and host:port, not call ids', () => {
    const ledger = extractIdentifierLedger(
      'call_0001 returned 9b2e4f0c-1d2e-4f5a-8b9c-0d1e2f3a4b5c for mia_li_3668 ' +
        'reservation HAT136 at commit d12a71a; see astropy.modeling.separable and ' +
        'write to mia.li3668@example.com via localhost:8080',
    );
    expect(ledger.identifiers).toEqual([
      '9b2e4f0c-1d2e-4f5a-8b9c-0d1e2f3a4b5c',
      'mia_li_3668',
      'HAT136',
      'd12a71a',
      'astropy.modeling.separable',
      'mia.li3668@example.com',
      'localhost:8080',
    ]);
  });

  it('should leave out ordinary words, short tokens and abbreviations', () => {
    const ledger = extractIdentifierLedger(
      'Python3 is used, e.g. in the utf8 test; i.e. v2 works. The end.',
    );
    expect(ledger.identifiers).toEqual([]);
  });

  it('should find numbers with three significant digits, decimals, dates, versions and times', () => {
    const ledger = extractIdentifierLedger(
      'Status 404 after 42 tries, ratio 0.5, total $1,234.56, 1e-5, on 2024-05-01 ' +
        'at 10:30:00, version v1.2 and 3.10.4, port 007, 5120 chars in 250ms.',
    );
    expect(ledger.numbers).toEqual([
      '404',
      '0.5',
      '1,234.56',
      '1e-5',
      '2024-05-01',
      '10:30:00',
      'v1.2',
      '3.10.4',
      '5120',
      '250ms',
    ]);
  });

  it('should keep error lines once each, trimmed, and skip code that only mentions errors', () => {
    const text = [
      'Traceback (most recent call last):',
      '  File "/testbed/a.py", line 3, in <module>',
      "KeyError: 'name'",
      '    raise ValueError("bad")',
      'except KeyError as error:',
      '    print("Error occurred")',
      'FAILED tests/test_a.py::test_b - AssertionError',
      '3 failed, 10 passed in 0.52s',
      'error: pathspec did not match',
      'Process exited with exit code 2',
      'exit code 0',
      '<returncode>1</returncode>',
      '<returncode>0</returncode>',
      "KeyError: 'name'",
      'The script failed as expected.',
    ].join('\n');
    expect(extractIdentifierLedger(text).errors).toEqual([
      'Traceback (most recent call last):',
      "KeyError: 'name'",
      'FAILED tests/test_a.py::test_b - AssertionError',
      '3 failed, 10 passed in 0.52s',
      'error: pathspec did not match',
      'Process exited with exit code 2',
      '<returncode>1</returncode>',
    ]);
  });

  it('should cut a very long error line to one line ending with an ellipsis', () => {
    const line = `ValueError: ${'x'.repeat(1000)}`;
    const [error] = extractIdentifierLedger(line).errors;
    expect(error).toBe(`${line.slice(0, 239)}…`);
  });

  it('should read identifiers out of JSON-escaped tool arguments', () => {
    const ledger = extractIdentifierLedger(
      String.raw`{"command":"cat src/app/main.py\nselector.set_output(x)"}`,
    );
    expect(ledger.paths).toEqual(['src/app/main.py']);
    expect(ledger.identifiers).toEqual(['selector.set_output']);
  });

  it('should de-duplicate and cap each kind at maxPerKind in first-seen order (groups have their own caps)', () => {
    const text = 'id_101 id_102 id_101 id_103 id_104 500 600 500';
    const ledger = extractIdentifierLedger(text, { maxPerKind: 2 });
    expect(ledger).toEqual({
      paths: [],
      identifiers: ['id_101', 'id_102'],
      numbers: ['500', '600'],
      errors: [],
      groups: [['id_101', 'id_102', 'id_103', 'id_104']],
    });
  });

  it('should return an empty ledger for a cap of 0 and for empty text', () => {
    const empty = {
      paths: [],
      identifiers: [],
      numbers: [],
      errors: [],
      groups: [],
    };
    expect(extractIdentifierLedger('src/a.py 404', { maxPerKind: 0 })).toEqual(
      empty,
    );
    expect(extractIdentifierLedger('')).toEqual(empty);
  });

  it('should split tokens at = outside URLs', () => {
    const ledger = extractIdentifierLedger(
      '[tool result bash id=run_7] timeout=250ms key=K_100',
    );
    expect(ledger.identifiers).toEqual(['K_100']);
    expect(ledger.numbers).toEqual(['250ms']);
  });

  it('should be deterministic', () => {
    const text = 'call_1 src/x.ts 2024-01-01 TypeError: boom';
    expect(extractIdentifierLedger(text)).toEqual(
      extractIdentifierLedger(text),
    );
  });

  it('should leave out provider call ids and the ids of transcript headers', () => {
    const ledger = extractIdentifierLedger(
      [
        '[assistant → call bash id=run_0042] {"command":"ls"}',
        '[tool result bash id=run_0042]',
        'call_oIHazX6yQrB8hUwl4cRilFKj toolu_01AbCdEf23 fc_68a1b2 chatcmpl-9x8Y7 call_0001 HAT136',
      ].join('\n'),
    );
    expect(ledger.identifiers).toEqual(['HAT136']);
  });

  it('should group identifiers by record: a line, or an element of a top-level JSON array', () => {
    const ledger = extractIdentifierLedger(
      [
        '{"reservation_id": "ZFA04Y", "flights": [{"flight_number": "HAT136", "date": "2024-05-20"}, {"flight_number": "HAT039", "date": "2024-05-20"}]}',
        '[{"flight_number": "HAT069", "price": 121}, {"flight_number": "HAT083", "price": 100}]',
        'Edited src/a.py:42 for ZFA04Y.',
      ].join('\n'),
    );
    expect(ledger.groups).toEqual([
      ['ZFA04Y', 'HAT136', '2024-05-20', 'HAT039', '2024-05-20'],
      ['HAT069'],
      ['HAT083'],
      ['src/a.py:42', 'ZFA04Y'],
    ]);
  });

  it('should cap a group at LEDGER_MAX_GROUP_ENTRIES entries', () => {
    const line = Array.from({ length: 20 }, (_, index) => `ID_${index + 100}`);
    const ledger = extractIdentifierLedger(line.join(' '));
    expect(ledger.groups).toEqual([line.slice(0, LEDGER_MAX_GROUP_ENTRIES)]);
  });

  it('should not mine earlier ledgers, offload tags, fold headers or ANSI escapes', () => {
    const ledger = extractIdentifierLedger(
      [
        'Folded 12 messages.',
        '\u001b[1mERROR_42\u001b[0m in src/b.py',
        'Facts kept verbatim — ids: OLD_123; paths: old/file.py',
        '<!-- CONTEXT_OFFLOAD: uuid=0eea9b6f_id000008 -->',
      ].join('\n'),
    );
    expect(ledger).toEqual({
      paths: ['src/b.py'],
      identifiers: ['ERROR_42'],
      numbers: [],
      errors: [],
      groups: [['ERROR_42', 'src/b.py']],
    });
  });

  it('should not take transcript block headers for error lines', () => {
    expect(
      extractIdentifierLedger(
        '[tool error bash id=call_0007] Error: boom\nValueError: bad value',
      ).errors,
    ).toEqual(['ValueError: bad value']);
  });
});
