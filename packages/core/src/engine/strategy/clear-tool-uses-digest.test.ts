import { describe, expect, it } from 'vitest';
import type { Message } from '../../vocabulary/message/message';
import {
  assistant,
  charCounter,
  toolCall,
  toolResult,
} from './__fixtures__/strategy-fixtures';
import {
  DIGEST_HEADER,
  composeDigest,
  describeExchanges,
} from './clear-tool-uses-digest';

function bash(id: string, command: string, output: string): Message[] {
  return [
    toolCall(`${id}-call`, [
      { toolCallId: id, toolName: 'bash', input: { command } },
    ]),
    toolResult(`${id}-result`, id, output, 'bash'),
  ];
}

describe('describeExchanges', () => {
  it('should say what each call ran and what it showed, one line per call', () => {
    const lines = describeExchanges([
      ...bash(
        'a',
        'nl -ba src/parser.py | sed -n 1,40p',
        '<returncode>0</returncode>\n<output>\n     1\t\n     2\tclass Parser:\n     3\t    def parse_line(self, line):\n</output>',
      ),
      assistant('a note without a call'),
      ...bash(
        'b',
        'python repro.py\necho done',
        '<returncode>1</returncode>\n<output>\nTraceback (most recent call last):\n  File "repro.py", line 3\n    raise KeyError(name)\nKeyError: \'width\'\n</output>',
      ),
      ...bash(
        'c',
        "cat <<'EOF' > repro.py\nimport parser\ndef main():\n    # e.g. see github.com/x/y and i.e. www.example.org\n    parser.run(check_input(1))\nEOF",
        '<returncode>0</returncode>\n<output>\n</output>',
      ),
      ...bash(
        'd',
        'grep -rn "def parse" .',
        './src/parser.py:3:    def parse_line(self, line):\n./src/io.py:9:def parse_file(path):',
      ),
      toolCall('e-call', [
        {
          toolCallId: 'e',
          toolName: 'search',
          input: { query: 'x', limit: 2 },
        },
      ]),
    ]);
    expect(lines).toEqual([
      '- `nl -ba src/parser.py | sed -n 1,40p` → exit 0, 3 lines: 2 class Parser: — defines Parser, parse_line',
      "- `python repro.py` (+1 lines) → exit 1, 4 lines: KeyError: 'width'",
      '- wrote `repro.py` (4 lines; defining main; using parser.run, check_input) → exit 0, no output',
      '- `grep -rn "def parse" .` → 2 lines: ./src/parser.py:3: def parse_line(self, line): — hits in src/parser.py, src/io.py',
      '- search {"query":"x","limit":2}',
    ]);
  });
});

describe('composeDigest', () => {
  it('should list a call repeated verbatim once, at its latest run, with the number of runs', () => {
    const lines = [
      '- `python repro.py` → exit 1, 4 lines: KeyError: width',
      '- `sed -i s/a/b/ src/parser.py` → exit 0, no output',
      '- `python repro.py` → exit 1, 4 lines: KeyError: height',
      '- `cat src/parser.py` → exit 0, 40 lines: class Parser:',
      '- `python repro.py` → exit 0, 1 line: ok',
    ];
    expect(composeDigest(lines, 1000, charCounter).split('\n')).toEqual([
      DIGEST_HEADER,
      '- `sed -i s/a/b/ src/parser.py` → exit 0, no output',
      '- `cat src/parser.py` → exit 0, 40 lines: class Parser:',
      '- `python repro.py` (ran 3 times; the latest) → exit 0, 1 line: ok',
    ]);
  });

  it('should keep the newest lines within the token cap and count the rest', () => {
    const lines = ['- one', '- two', '- three'];
    expect(composeDigest(lines, 1000, charCounter)).toBe(
      [DIGEST_HEADER, ...lines].join('\n'),
    );
    const cap = charCounter.countText(DIGEST_HEADER) + 16 + 6;
    expect(composeDigest(lines, cap, charCounter)).toBe(
      [
        DIGEST_HEADER,
        '- (1 earlier call not listed here; also in the reload entry)',
        '- two',
        '- three',
      ].join('\n'),
    );
  });
});
