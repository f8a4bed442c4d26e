import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';
import {
  createErrorLinePattern,
  isCodeLine,
} from './create-error-line-pattern';
import { stripAcmArtifacts } from './strip-acm-artifacts';

/** Entries kept per kind when no other cap is given. */
export const LEDGER_MAX_PER_KIND = 40;

/** Longest error line kept (longer lines are cut and end with `…`). */
const MAX_ERROR_LINE_CHARS = 240;

const LEADING_PUNCTUATION = ':*#!?&$';
const TRAILING_PUNCTUATION = '.:!?*#';

/** Tokens longer than this (base64 blobs, minified code) are not identifiers. */
const MAX_TOKEN_CHARS = 300;

/** Entries kept per group (identifiers of one record, line or sentence). */
export const LEDGER_MAX_GROUP_ENTRIES = 12;

/**
 * Ids that providers and frameworks give tool calls (`call_0001`,
 * `call_oIHazX6yQrB8hUwl4cRilFKj`, `toolu_01A…`, `fc_…`, `chatcmpl-…`): they pair
 * a call with its result and mean nothing to the task.
 */
const PROVIDER_CALL_ID =
  /^(?:call|toolu|toolu_bdrk|fc|chatcmpl|tooluse|toolcall|tool_call)[_-](?=[\w-]*\d)[\w-]{3,}$/i;

/** An integer without a unit, a date or a decimal part. */
const PLAIN_INTEGER = /^[-+]?\d+(?:,\d{3})*$/;

/** `id=…` in a transcript block header: the tool call id of that block. */
const HEADER_CALL_ID = /^\[[^\]\n]*?\bid=([^\s\]]+)\]/gm;

export interface ExtractIdentifierLedgerOptions {
  /**
   * Entries kept per kind (paths, identifiers, numbers, errors); the first ones
   * seen win.
   * @default 40
   */
  readonly maxPerKind?: number;
}

const FILE_EXTENSIONS =
  'py|pyi|pyx|ipynb|js|mjs|cjs|jsx|ts|mts|cts|tsx|json|jsonl|md|mdx|rst|txt|yaml|yml|toml|ini|cfg|conf|env|lock|sh|bash|zsh|ps1|bat|c|h|cc|cpp|hpp|cxx|rs|go|java|kt|kts|scala|swift|rb|php|pl|lua|r|sql|html|htm|css|scss|less|xml|svg|csv|tsv|log|vue|svelte|gradle|proto|graphql|tf|dockerfile|mk|cmake|diff|patch|gz|tgz|zip|tar|whl|png|jpg|jpeg|gif|webp|pdf';

/**
 * Extracts, without an LLM, the facts a summary must not lose: file paths and URLs,
 * identifiers (UUIDs, hashes, ids such as `HAT136`, e-mail addresses, `host:port`,
 * qualified names such as `astropy.modeling.separable`), numbers (three or more
 * significant digits, decimals, dates, versions) and error lines, plus `groups`:
 * the same entries as they occurred together, one group per record (a line, or
 * an element of a top-level JSON array: one flight of a search result, one
 * reservation with its flights and dates), at most `LEDGER_MAX_GROUP_ENTRIES`
 * entries each; plain integers (sizes, line numbers) are not grouped.
 *
 * What ACM wrote itself is not mined again: offload tags, earlier ledger lines
 * and fold headers are stripped first (`stripAcmArtifacts`), so a ledger never
 * includes an earlier ledger. Tool call ids (`call_…`, `toolu_…`, the `id=` of a
 * transcript header) are left out: they mean nothing to the task.
 * Deterministic; entries are de-duplicated and kept in first-seen order.
 */
export function extractIdentifierLedger(
  text: string,
  { maxPerKind = LEDGER_MAX_PER_KIND }: ExtractIdentifierLedgerOptions = {},
): IdentifierLedger {
  const cap = Math.max(0, Math.floor(maxPerKind));
  const found: Found = {
    paths: new Set(),
    identifiers: new Set(),
    numbers: new Set(),
    groups: new Map(),
  };
  const errors = new Set<string>();
  if (cap === 0) return toLedger(found, errors);

  const clean = stripAcmArtifacts(text);
  collectTokens(clean, cap, found);
  collectErrors(clean, cap, errors);
  return toLedger(found, errors);
}

interface Found {
  readonly paths: Set<string>;
  readonly identifiers: Set<string>;
  readonly numbers: Set<string>;
  /** Groups by their joined entries (so that equal groups are kept once). */
  readonly groups: Map<string, readonly string[]>;
}

function toLedger(found: Found, errors: Set<string>): IdentifierLedger {
  return {
    paths: [...found.paths],
    identifiers: [...found.identifiers],
    numbers: [...found.numbers],
    errors: [...errors],
    groups: [...found.groups.values()],
  };
}

/** The tool call ids named in transcript block headers (`[tool result bash id=call_1]`). */
function collectHeaderCallIds(text: string): Set<string> {
  const ids = new Set<string>();
  for (const match of text.matchAll(HEADER_CALL_ID)) ids.add(match[1]!);
  return ids;
}

/**
 * Where records start: after every newline, and at every `{` that opens an
 * element of a top-level JSON array on its line (`[{…}, {…}]`).
 */
function isRecordStart(text: string, index: number, stack: number[]): boolean {
  const code = text.charCodeAt(index);
  if (code === 10) {
    stack.length = 0;
    return true;
  }
  if (code === 91 || code === 123) {
    const opens = code === 123 && stack.length === 1 && stack[0] === 91;
    stack.push(code);
    return opens;
  }
  if (code === 93 || code === 125) stack.pop();
  return false;
}

type TokenKind = 'path' | 'identifier' | 'number' | undefined;

interface Classifier {
  readonly url: RegExp;
  readonly anchoredPath: RegExp;
  readonly relativePath: RegExp;
  readonly fileName: RegExp;
  readonly uuid: RegExp;
  readonly date: RegExp;
  readonly time: RegExp;
  readonly version: RegExp;
  readonly number: RegExp;
  readonly numberWithUnit: RegExp;
  readonly hexHash: RegExp;
  readonly hostPort: RegExp;
  readonly email: RegExp;
  readonly identifier: RegExp;
  readonly qualifiedName: RegExp;
  readonly extension: RegExp;
  readonly sedExpression: RegExp;
}

function createClassifier(): Classifier {
  const lineSuffix = String.raw`(?::\d+(?::\d+)?)?`;
  return {
    url: /^[a-z][a-z0-9+.-]*:\/\/[^\s/]+\S*$/i,
    anchoredPath: new RegExp(
      String.raw`^(?:\/|\.\.?\/|~\/)[\w.@+~%-]+(?:\/[\w.@+~%-]+)*\/?${lineSuffix}$`,
    ),
    relativePath: new RegExp(
      String.raw`^[\w.@+~-]+(?:\/[\w.@+~-]+)+\/?${lineSuffix}$`,
    ),
    fileName: new RegExp(
      String.raw`^[\w.@+-]*[\w-]\.(?:${FILE_EXTENSIONS})${lineSuffix}$`,
      'i',
    ),
    uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
    date: /^(?:\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?|\d{4}\/\d{2}\/\d{2})$/,
    time: /^\d{1,2}:\d{2}:\d{2}(?:\.\d+)?$/,
    version: /^(?:v\d+(?:\.\d+)+|\d+(?:\.\d+){2,})(?:[-+][\w.]+)?$/,
    number: /^[-+]?\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?%?$/,
    numberWithUnit: /^\d+(?:\.\d+)?(?:ms|s|m|h|d|kb|mb|gb|tb|k|px|x)$/i,
    hexHash: /^(?:[0-9a-f]{7,}|[0-9A-F]{7,})$/,
    hostPort: /^[A-Za-z0-9.-]*[A-Za-z][A-Za-z0-9.-]*:\d{2,5}$/,
    email: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/,
    identifier: /^[A-Za-z0-9][\w-]*$/,
    qualifiedName: /^[A-Za-z_]\w+(?:\.[A-Za-z_]\w+)+$/,
    sedExpression: /^\d*[sy]\//,
    extension: /\.[A-Za-z][A-Za-z0-9]{0,7}(?::\d+)*$/,
  };
}

/** Splits `text` into tokens with a character scan and files each one. */
function collectTokens(text: string, cap: number, found: Found): void {
  const { paths, identifiers, numbers, groups } = found;
  const classifier = createClassifier();
  const delimiters = createDelimiterTable();
  const callIds = collectHeaderCallIds(text);
  const kinds = new Map<string, TokenKind>();
  const stack: number[] = [];
  let group: string[] = [];
  const closeGroup = () => {
    if (group.length > 0 && groups.size < cap) {
      const key = group.join('\u0000');
      if (!groups.has(key)) groups.set(key, group);
    }
    group = [];
  };
  const length = text.length;
  let index = 0;
  while (index < length) {
    // Skip delimiters; a JSON escape (`\n`, `\"`) counts as one.
    while (index < length) {
      const code = text.charCodeAt(index);
      if (isRecordStart(text, index, stack)) closeGroup();
      const kind = code < 128 ? delimiters[code]! : isWideDelimiter(code);
      if (kind === 0) break;
      if (kind === 2 && isDigitComma(text, index)) break;
      index +=
        code === 92 && isEscapeLetter(text.charCodeAt(index + 1)) ? 2 : 1;
    }
    const start = index;
    let interesting = false;
    while (index < length) {
      const code = text.charCodeAt(index);
      const kind = code < 128 ? delimiters[code]! : isWideDelimiter(code);
      if (kind === 1 || (kind === 2 && !isDigitComma(text, index))) break;
      // digit, '/', '.', '@'
      if (
        (code >= 48 && code <= 57) ||
        code === 47 ||
        code === 46 ||
        code === 64
      )
        interesting = true;
      index += 1;
    }
    if (!interesting || index - start > MAX_TOKEN_CHARS) continue;
    // `</output>`: a closing tag, not the path `/output`.
    if (
      start > 0 &&
      text.charCodeAt(start - 1) === 60 &&
      text.charCodeAt(start) === 47
    )
      continue;
    const token = text.slice(start, index);
    // `=` splits a token (`id=call_1`), except in a URL's query string.
    const pieces =
      token.includes('=') && !classifier.url.test(trimToken(token))
        ? token.split('=')
        : [token];
    for (const piece of pieces) {
      const candidate = trimToken(piece);
      if (candidate.length < 2) continue;
      let kind = kinds.get(candidate);
      if (kind === undefined && !kinds.has(candidate)) {
        kind =
          callIds.has(candidate) || PROVIDER_CALL_ID.test(candidate)
            ? undefined
            : classify(candidate, classifier);
        kinds.set(candidate, kind);
        if (kind === 'path' && paths.size < cap) paths.add(candidate);
        if (kind === 'identifier' && identifiers.size < cap)
          identifiers.add(candidate);
        if (kind === 'number' && numbers.size < cap) numbers.add(candidate);
      }
      if (
        kind !== undefined &&
        // Plain integers (sizes, line numbers, counts) only make a group longer.
        !(kind === 'number' && PLAIN_INTEGER.test(candidate)) &&
        group.length < LEDGER_MAX_GROUP_ENTRIES &&
        group[group.length - 1] !== candidate &&
        // A number (a date, an amount) may repeat: it belongs to what precedes it.
        (kind === 'number' || !group.includes(candidate))
      )
        group.push(candidate);
    }
    if (
      paths.size >= cap &&
      identifiers.size >= cap &&
      numbers.size >= cap &&
      groups.size >= cap
    )
      return;
  }
  closeGroup();
}

/**
 * ASCII characters that end a token (1): whitespace, quotes, brackets, `;`, `|`
 * and `\`. A comma (2) ends one too, unless it sits between two digits
 * (`1,234`).
 */
function createDelimiterTable(): Uint8Array {
  const table = new Uint8Array(128);
  for (const character of ' \t\n\r\f\v"\'`()[]{}<>;|\\') {
    table[character.charCodeAt(0)] = 1;
  }
  table[44] = 2;
  return table;
}

function isWideDelimiter(code: number): number {
  return code === 160 || code === 0x2028 || code === 0x2029 ? 1 : 0;
}

function isDigitComma(text: string, index: number): boolean {
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index + 1);
  return before >= 48 && before <= 57 && after >= 48 && after <= 57;
}

/** `n`, `t`, `r`, `"`, `\\`, `/`: the letters of a JSON escape. */
function isEscapeLetter(code: number): boolean {
  return (
    code === 110 ||
    code === 116 ||
    code === 114 ||
    code === 34 ||
    code === 92 ||
    code === 47
  );
}

/** Strips punctuation that sentences and markup put around a token. */
function trimToken(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && LEADING_PUNCTUATION.includes(token.charAt(start)))
    start += 1;
  while (end > start && TRAILING_PUNCTUATION.includes(token.charAt(end - 1)))
    end -= 1;
  return start === 0 && end === token.length ? token : token.slice(start, end);
}

function classify(token: string, classifier: Classifier): TokenKind {
  let hasDigit = false;
  let hasLetter = false;
  let hasSlash = false;
  let hasUpper = false;
  let hasLower = false;
  let digitCount = 0;
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      hasDigit = true;
      digitCount += 1;
    } else if (code >= 65 && code <= 90) {
      hasLetter = true;
      hasUpper = true;
    } else if (code >= 97 && code <= 122) {
      hasLetter = true;
      hasLower = true;
    } else if (code === 47) hasSlash = true;
  }

  if (hasSlash) {
    if (classifier.url.test(token)) return 'path';
    if (classifier.date.test(token)) return 'number';
    if (classifier.anchoredPath.test(token))
      return hasLetter ? 'path' : undefined;
    if (
      classifier.relativePath.test(token) &&
      hasLetter &&
      !classifier.sedExpression.test(token)
    ) {
      const lastSegment = token.slice(
        token.lastIndexOf('/', token.length - 2) + 1,
      );
      const slashCount = token.split('/').length - 1;
      if (slashCount >= 2 || classifier.extension.test(lastSegment))
        return 'path';
    }
    return undefined;
  }
  if (!hasLetter) {
    if (!hasDigit) return undefined;
    if (classifier.date.test(token) || classifier.time.test(token))
      return 'number';
    if (classifier.version.test(token)) return 'number';
    if (classifier.number.test(token)) {
      if (token.includes('.')) return 'number';
      return countSignificantDigits(token) >= 3 ? 'number' : undefined;
    }
    return undefined;
  }
  if (classifier.fileName.test(token)) return 'path';
  if (hasDigit) {
    if (classifier.uuid.test(token)) return 'identifier';
    if (classifier.date.test(token) || classifier.version.test(token))
      return 'number';
    if (classifier.number.test(token)) return 'number'; // exponent: 1e-5
    if (classifier.numberWithUnit.test(token))
      return countSignificantDigits(token) >= 3 || token.includes('.')
        ? 'number'
        : undefined;
    if (classifier.hexHash.test(token)) return 'identifier';
  }
  if (token.includes('@'))
    return classifier.email.test(token) ? 'identifier' : undefined;
  if (token.includes(':'))
    return classifier.hostPort.test(token) ? 'identifier' : undefined;
  if (hasDigit && classifier.identifier.test(token)) {
    const qualifies =
      token.length >= 3 &&
      (token.includes('_') ||
        token.includes('-') ||
        digitCount >= 2 ||
        (hasUpper && !hasLower));
    return qualifies ? 'identifier' : undefined;
  }
  if (token.includes('.') && classifier.qualifiedName.test(token))
    return 'identifier';
  return undefined;
}

function countSignificantDigits(token: string): number {
  let count = 0;
  let leading = true;
  for (let index = 0; index < token.length; index += 1) {
    const code = token.charCodeAt(index);
    if (code === 46) continue; // '.'
    if (code < 48 || code > 57) {
      if (code === 101 || code === 69) break; // exponent
      continue;
    }
    if (leading && code === 48) continue;
    leading = false;
    count += 1;
  }
  return count;
}

/**
 * Files every line that reports an error, failure or non-zero exit code. A cheap
 * keyword scan finds candidate lines; the precise pattern then checks each one.
 */
function collectErrors(text: string, cap: number, errors: Set<string>): void {
  const keywords =
    /Error|Exception|Traceback|FAILED|ERROR|FATAL|failed|error:|fatal:|panic:|exit code|exit status|<returncode>/g;
  let match: RegExpExecArray | null;
  while ((match = keywords.exec(text)) !== null) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    let lineEnd = text.indexOf('\n', match.index);
    if (lineEnd === -1) lineEnd = text.length;
    keywords.lastIndex = lineEnd + 1;
    const line = text.slice(lineStart, lineEnd).trim();
    if (line === '' || isCodeLine(line)) continue;
    // A transcript block header (`[tool error bash id=call_7]`) is not an error report.
    if (/^\[[^\]\n]*\bid=[^\s\]]+\]/.test(line)) continue;
    if (!createErrorLinePattern().test(line)) continue;
    errors.add(trimLine(line));
    if (errors.size >= cap) return;
  }
}

function trimLine(trimmed: string): string {
  if (trimmed.length <= MAX_ERROR_LINE_CHARS) return trimmed;
  let end = MAX_ERROR_LINE_CHARS - 1;
  const code = trimmed.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${trimmed.slice(0, end)}…`;
}
