import { stringifyToolOutput } from '@acm/core';
import type { Message } from '@acm/core';

/**
 * The probe extractor of the metrics. It is deliberately independent of
 * core's identifier ledger (`extractIdentifierLedger`): a retention figure
 * whose probes came from the extractor that writes the ledgers would measure
 * the ledgers against themselves. Kinds, each a regular expression over
 * plain text:
 *
 * - file paths: `a/b/c.py`, `./x`, `/etc/hosts`, and bare file names with a
 *   known extension (`setup.cfg`, `views.py`);
 * - code names: snake_case (`check_array`), CamelCase (`LabelEncoder`),
 *   lowerCamel (`fitTransform`), dotted names (`sklearn.utils.validation`),
 *   and any name directly followed by `(` (a call; built-ins such as `len`
 *   left out);
 * - ids: upper-case/digit mixes of 5+ characters (`HAT136`, `8ZYZ3F`),
 *   hexadecimal hashes of 7+ characters with a digit and a letter;
 * - dates (`2024-05-20`) and numbers with a unit (`250 ms`, `3.5GB`, `$1,200`,
 *   `12 %`);
 * - quoted values: the content of `"…"`, `'…'` and `` `…` `` of 3–80
 *   characters on one line that looks like a value (one token with a digit,
 *   `_`, `.`, `/`, `-`, `:` or an inner capital; several words with a digit,
 *   `_` or `/`);
 * - in structured values (tool-call inputs, JSON tool results): every string
 *   value of 3–80 characters without whitespace (`economy`,
 *   `credit_card_4421486`), never the keys; longer strings are scanned as
 *   text.
 */
export function extractProbes(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const probe = match[1] ?? match[0];
      if (pattern === CALLED && BUILTIN_CALLS.has(probe)) continue;
      addProbe(found, probe);
    }
  }
  for (const match of text.matchAll(QUOTED)) {
    addQuoted(found, match[2]!);
  }
  return [...found];
}

/**
 * Probes of a structured value (a tool-call input, a parsed JSON tool
 * result): every string value is a quoted value and is also scanned as text;
 * numbers, booleans and object keys are not probes.
 */
export function extractValueProbes(value: unknown): string[] {
  const found = new Set<string>();
  const visit = (item: unknown, depth: number) => {
    if (depth > 20) return;
    if (typeof item === 'string') {
      addWholeValue(found, item);
      for (const probe of extractProbes(item)) found.add(probe);
    } else if (Array.isArray(item)) {
      for (const element of item) visit(element, depth + 1);
    } else if (item !== null && typeof item === 'object') {
      for (const element of Object.values(item)) visit(element, depth + 1);
    }
  };
  visit(value, 0);
  return [...found];
}

/**
 * Probes a message offers as a source: the output of each tool result (a JSON
 * result by its string values, anything else as text) and each tool call's
 * input. Text, reasoning and file parts are not sources.
 */
export function collectSourceProbes(message: Message): string[] {
  const found = new Set<string>();
  for (const part of message.content) {
    if (part.type === 'tool-call') {
      const probes =
        typeof part.input === 'string'
          ? fromMaybeJson(part.input)
          : extractValueProbes(part.input);
      for (const probe of probes) found.add(probe);
    } else if (part.type === 'tool-result') {
      const probes =
        typeof part.output === 'string'
          ? fromMaybeJson(part.output)
          : [
              ...extractValueProbes(part.output),
              ...extractProbes(stringifyToolOutput(part.output)),
            ];
      for (const probe of probes) found.add(probe);
    }
  }
  return [...found];
}

/**
 * Probes a message uses: those of its text and reasoning parts and of its
 * tool-call inputs (what an assistant turn writes).
 */
export function collectUsedProbes(message: Message): string[] {
  const found = new Set<string>();
  for (const part of message.content) {
    let probes: string[] = [];
    if (part.type === 'text' || part.type === 'reasoning') {
      probes = extractProbes(part.text);
    } else if (part.type === 'tool-call') {
      probes =
        typeof part.input === 'string'
          ? fromMaybeJson(part.input)
          : extractValueProbes(part.input);
    }
    for (const probe of probes) found.add(probe);
  }
  return [...found];
}

/**
 * Whether `probe` occurs in `text` as a whole token: not directly preceded or
 * followed by a letter, digit or `_` (so `HAT13` is not found in `HAT136`).
 */
export function containsProbe(text: string, probe: string): boolean {
  if (probe === '') return false;
  let from = 0;
  for (;;) {
    const at = text.indexOf(probe, from);
    if (at < 0) return false;
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + probe.length] ?? '';
    const startsWord = WORD_CHAR.test(probe[0]!);
    const endsWord = WORD_CHAR.test(probe[probe.length - 1]!);
    if (
      (!startsWord || !WORD_CHAR.test(before)) &&
      (!endsWord || !WORD_CHAR.test(after))
    ) {
      return true;
    }
    from = at + 1;
  }
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

const FILE_EXTENSIONS =
  'py|pyi|ts|tsx|js|jsx|mjs|cjs|json|jsonl|ya?ml|toml|cfg|ini|txt|md|rst|c|h|cc|cpp|hpp|java|go|rs|rb|php|sh|html|css|csv|xml|lock|log|sql|pyx|pxd';

const CALLED = /(?<![\w.])([A-Za-z_]\w{2,})(?=\()/g;

/** Names of built-in functions, not identifiers a conversation introduces. */
const BUILTIN_CALLS = new Set(
  (
    'abs all any bool dict dir enumerate eval exec filter float format getattr hasattr hash ' +
    'int isinstance issubclass iter len list map max min next object open print range ' +
    'repr reversed round set setattr sorted str sum super tuple type vars zip require ' +
    'console echo function return if for while switch catch'
  ).split(' '),
);

const PATTERNS: readonly RegExp[] = [
  // paths with at least one slash
  /(?<![\w./-])((?:\.{1,2}\/|\/)?(?:[\w.-]+\/)+[\w.-]*\w)/g,
  // file names with a known extension
  new RegExp(
    String.raw`(?<![\w./-])([\w-]+\.(?:${FILE_EXTENSIONS}))(?![\w])`,
    'g',
  ),
  // snake_case and underscore names (`check_array`, `_private`, `__init__`)
  /(?<![\w.])(_+[A-Za-z0-9]\w*|[A-Za-z][A-Za-z0-9]*(?:_+[A-Za-z0-9]+)+_*)(?![\w])/g,
  // CamelCase and lowerCamel names
  /(?<![\w.])([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]+(?:[A-Z][a-z0-9]*)+)(?![\w])/g,
  // dotted names: module.attr, obj.method
  /(?<![\w./-])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?![\w])/g,
  // called names: name( (built-ins left out)
  CALLED,
  // upper-case / digit ids of 5+ characters with both a letter and a digit
  /(?<![\w-])((?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,})(?![\w-])/g,
  // hexadecimal hashes
  /(?<![\w])((?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40})(?![\w])/g,
  // dates
  /(?<![\d-])(\d{4}-\d{2}-\d{2})(?![\d])/g,
  // numbers with a unit, money
  /(?<![\w.])(\$\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?(?:%|ms|s|sec|seconds|minutes|hours|days|KB|MB|GB|TB|kB|KiB|MiB|GiB|bytes|tokens|USD|EUR|kg|km|lbs))(?![\w])/g,
];

const QUOTED = /(["'`])([^"'`\n]{3,80})\1/g;

const DOTTED_NUMBER = /^\d+(?:\.\d+)*$/;

function addProbe(found: Set<string>, raw: string): void {
  const probe = raw.trim();
  if (probe.length < 3 || DOTTED_NUMBER.test(probe)) return;
  found.add(probe);
}

function addQuoted(found: Set<string>, raw: string): void {
  const value = raw.trim();
  if (value.length < 3 || value.length > 80 || DOTTED_NUMBER.test(value)) {
    return;
  }
  const valueLike = /\s/.test(value)
    ? /[\d_/]/.test(value)
    : /[\d_./:-]/.test(value) || /[a-z][A-Z]/.test(value);
  if (valueLike) found.add(value);
}

/** A string value of structured data: the whole value when it is one token. */
function addWholeValue(found: Set<string>, raw: string): void {
  const value = raw.trim();
  if (value.length < 3 || value.length > 80 || /\s/.test(value)) return;
  if (DOTTED_NUMBER.test(value)) return;
  found.add(value);
}

function fromMaybeJson(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return extractValueProbes(JSON.parse(trimmed) as unknown);
    } catch {
      // not JSON: plain text
    }
  }
  return extractProbes(text);
}
