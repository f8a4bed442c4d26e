import type { IdentifierLedger } from '../../vocabulary/message/acm-marker';
import {
  createErrorLinePattern,
  isCodeLine,
} from './create-error-line-pattern';
import type { TokenKind } from './classify-token';
import { classifyToken, createTokenClassifier } from './classify-token';
import { cutText } from './cut-text';
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

/**
 * Extracts, without an LLM, the facts a summary must not lose: file paths and URLs,
 * identifiers (UUIDs, hashes, ids such as `AB1234`, e-mail addresses, `host:port`,
 * qualified names such as `package.module.name`), numbers (three or more
 * significant digits, decimals, dates, versions) and error lines, plus `groups`:
 * the same entries as they occurred together, one group per record (a line, or
 * an element of a top-level JSON array: one row of a search result, one order
 * with its items and dates), at most `LEDGER_MAX_GROUP_ENTRIES` entries each;
 * plain integers (sizes, line numbers) are not grouped. Tokens are classified
 * by `classifyToken`.
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

/** Splits `text` into tokens with a character scan and files each one. */
function collectTokens(text: string, cap: number, found: Found): void {
  const { paths, identifiers, numbers, groups } = found;
  const classifier = createTokenClassifier();
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
            : classifyToken(candidate, classifier);
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
    errors.add(cutText(line, MAX_ERROR_LINE_CHARS));
    if (errors.size >= cap) return;
  }
}
