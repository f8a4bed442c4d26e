import {
  createErrorLinePattern,
  isCodeLine,
} from '../text/create-error-line-pattern';
import { extractIdentifierLedger } from '../text/extract-identifier-ledger';
import { stripAcmArtifacts } from '../text/strip-acm-artifacts';

/** The five sections of every summary, in order. */
export type SummarySection = 'task' | 'progress' | 'files' | 'errors' | 'next';

const SECTION_ORDER: readonly SummarySection[] = [
  'task',
  'progress',
  'files',
  'errors',
  'next',
];

/** Section headings by language (the conversation's, detected from its user text). */
export const SECTION_HEADINGS: Readonly<
  Record<string, Readonly<Record<SummarySection, string>>>
> = {
  en: {
    task: 'Task and constraints',
    progress: 'Progress and decisions',
    files: 'Files and changes',
    errors: 'Errors and fixes',
    next: 'Next step',
  },
  fr: {
    task: 'Tâche et contraintes',
    progress: 'Avancement et décisions',
    files: 'Fichiers et modifications',
    errors: 'Erreurs et corrections',
    next: 'Prochaine étape',
  },
  de: {
    task: 'Aufgabe und Vorgaben',
    progress: 'Fortschritt und Entscheidungen',
    files: 'Dateien und Änderungen',
    errors: 'Fehler und Korrekturen',
    next: 'Nächster Schritt',
  },
  es: {
    task: 'Tarea y restricciones',
    progress: 'Avances y decisiones',
    files: 'Archivos y cambios',
    errors: 'Errores y correcciones',
    next: 'Siguiente paso',
  },
};

/** Words that tell a language apart (padded with spaces; matched on lower-cased text). */
const LANGUAGE_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: [
    ' the ',
    ' and ',
    ' is ',
    ' to ',
    ' of ',
    ' you ',
    ' i ',
    ' my ',
    ' with ',
  ],
  fr: [
    ' le ',
    ' la ',
    ' les ',
    ' des ',
    ' est ',
    ' je ',
    ' vous ',
    ' pour ',
    ' une ',
    ' mon ',
  ],
  de: [
    ' der ',
    ' die ',
    ' das ',
    ' und ',
    ' ich ',
    ' nicht ',
    ' ist ',
    ' mit ',
    ' ein ',
  ],
  es: [
    ' el ',
    ' los ',
    ' las ',
    ' que ',
    ' por ',
    ' para ',
    ' usted ',
    ' una ',
    ' mi ',
    ' con ',
  ],
};

/** A line that starts a transcript block, e.g. `[tool result bash id=call_1]`. */
const BLOCK_HEADER =
  /^\[(?:system|user|assistant|tool|file|part)\b[^\]\n]{0,200}\]/;

/** Kinds of what ACM wrote, as transcripts label them (`[assistant (rollup)]`). */
const SUMMARY_LABEL =
  /\((?:rollup|round-summary|tool-run-summary|last-resort|current-round-summary|current-round-compression|current-round-fold|offload-stub)\)/;

/** Commands and tool names that change a file. */
const EDIT_COMMAND =
  /\bsed\s+-i|(?:^|[^0-9&])>{1,2}\s*[^\s&>|]|\btee\b|\bpatch\b|\bgit\s+(?:apply|checkout|restore)\b|\bstr_replace\b|\binsert\b|\bcreate\b|\bwrite|\bmv\b|\bcp\b|\brm\b|\bopen\([^)]*['"][wa]['"]/;

const EDIT_TOOL =
  /write|edit|create|replace|apply|patch|insert|delete|update|modify|book|cancel|send|transfer/i;

/** A sentence that names something: a code span, a path, a dotted or numbered identifier. */
const NAMING =
  /`[^`\n]+`|\b[\w.-]+\/[\w.-]+|\b[A-Za-z_]\w*\.[A-Za-z_]\w*|\b[A-Za-z]+_?\d+\w*\b/;

/** Longest item of a section (the task's first item may be longer). */
const MAX_ITEM_CHARS = 240;
const MAX_TASK_CHARS = 600;
const MAX_RECORDS_PER_RESULT = 8;
/** Longest line kept from an earlier summary (a call with its outcome, as this function writes it). */
const MAX_SUMMARY_LINE_CHARS = 700;
/** The last call as the next step ranks below the records of what was found (its result is usually among them). */
const LAST_CALL_PRIORITY = 44;
/** Longest one-line rendering of a call (its arguments are what later calls reuse). */
const MAX_CALL_CHARS = 400;

interface Block {
  readonly header: string;
  readonly body: string;
  readonly kind:
    | 'system'
    | 'user'
    | 'assistant'
    | 'call'
    | 'result'
    | 'error'
    | 'summary'
    | 'other';
  /** Tool name of a call or result. */
  readonly tool?: string;
}

interface Item {
  readonly section: SummarySection;
  readonly text: string;
  /** Higher is kept first when the budget is short. */
  readonly priority: number;
  /** Position in the transcript, for ordering within a section. */
  readonly order: number;
}

/**
 * A deterministic, sectioned summary of a transcript (as `renderTranscript`
 * writes it), no longer than `maxChars`: what an LLM following the default
 * prompts would write, made of the transcript's own words.
 *
 * - **Task and constraints**: the first user request (head), later user
 *   requests and the sentences that state constraints.
 * - **Progress and decisions**: each tool call in one line (`name input`) with
 *   its outcome (the first informative line, or the records of a JSON result
 *   rendered compactly so that an id stays next to its flights and dates), and
 *   the first sentence of the assistant's texts.
 * - **Files and changes**: every path a call touched, with what was done to it
 *   (edited, with the `sed` expression or the redirect; viewed; ran).
 * - **Errors and fixes**: each distinct error line, the call that produced it and
 *   the call that followed.
 * - **Next step**: the assistant's last stated intent and its last call.
 *
 * Earlier summaries in the transcript (`[assistant (rollup)]` …) contribute
 * their sections' lines to the same sections (merged, not nested). Items are
 * chosen by priority (task, next step, edits, errors, recent work first) until
 * the budget is spent, then printed in transcript order. Headings follow the
 * language of the user's text (English, French, German, Spanish). Pure.
 */
export function writeSectionedSummary(
  transcript: string,
  maxChars: number,
): string {
  const blocks = parseBlocks(transcript);
  const items = collectItems(blocks, maxChars);
  const headings = SECTION_HEADINGS[detectLanguage(blocks)]!;
  return fitItems(items, headings, maxChars);
}

function parseBlocks(transcript: string): Block[] {
  const blocks: { header: string; lines: string[] }[] = [];
  for (const line of transcript.split('\n')) {
    if (BLOCK_HEADER.test(line) || blocks.length === 0)
      blocks.push({
        header: BLOCK_HEADER.test(line) ? line : '',
        lines: BLOCK_HEADER.test(line) ? [] : [line],
      });
    else blocks[blocks.length - 1]!.lines.push(line);
  }
  return blocks.map(({ header, lines }) => {
    const body = lines.join('\n').trim();
    const label = header.slice(0, header.indexOf(']') + 1 || header.length);
    const call = /^\[[^\]]*→ call (\S+)(?: id=\S+)?\]\s?(.*)$/.exec(header);
    if (call !== null) {
      const input = [call[2] ?? '', body]
        .filter((piece) => piece !== '')
        .join('\n');
      return { header, body: input, kind: 'call', tool: call[1]! };
    }
    const result = /^\[tool (result|error) (\S+)/.exec(label);
    if (result !== null)
      return {
        header,
        body,
        kind: result[1] === 'error' ? 'error' : 'result',
        tool: result[2]!,
      };
    if (SUMMARY_LABEL.test(label)) return { header, body, kind: 'summary' };
    if (label.startsWith('[part ')) return { header, body, kind: 'summary' };
    if (label.startsWith('[user')) return { header, body, kind: 'user' };
    if (label.startsWith('[assistant'))
      return { header, body, kind: 'assistant' };
    if (label.startsWith('[system')) return { header, body, kind: 'system' };
    return { header, body, kind: 'other' };
  });
}

function detectLanguage(blocks: readonly Block[]): string {
  const text = ` ${blocks
    .filter((block) => block.kind === 'user' || block.kind === 'assistant')
    .map((block) => block.body)
    .join(' ')
    .slice(0, 20000)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  let best = 'en';
  let bestScore = 0;
  for (const [language, words] of Object.entries(LANGUAGE_WORDS)) {
    let score = 0;
    for (const word of words) {
      let index = text.indexOf(word);
      while (index !== -1) {
        score += 1;
        index = text.indexOf(word, index + word.length - 1);
      }
    }
    if (score > bestScore || (score === bestScore && language === 'en')) {
      if (score > bestScore) best = language;
      bestScore = Math.max(score, bestScore);
    }
  }
  return best;
}

function collectItems(blocks: readonly Block[], maxChars: number): Item[] {
  const items: Item[] = [];
  const total = Math.max(1, blocks.length);
  const recency = (index: number) => (10 * index) / total;
  const lastUse = indexLaterUses(blocks);
  // A record holding an id the conversation used again later (in a call, a
  // user or assistant text) is what the next turns build on.
  const reused = (record: string, index: number) =>
    (record.match(ID_TOKEN) ?? []).some(
      (token) => isIdToken(token) && (lastUse.get(token) ?? -1) > index,
    )
      ? SALIENT
      : 0;
  const latestRecord = new Map<string, number>();
  blocks.forEach((block, index) => {
    if (block.kind !== 'result') return;
    for (const record of describeOutcome(block.body)) {
      const key = recordKey(record);
      if (key !== '') latestRecord.set(key, index);
    }
  });
  // A record superseded by a later one of the same id and kind (a reservation
  // looked up again after an update) yields to it.
  const superseded = (record: string, index: number) =>
    (latestRecord.get(recordKey(record)) ?? index) > index ? -SALIENT : 0;
  // Small budgets: user texts are cut shorter, so that facts fit beside them.
  const taskChars = Math.min(MAX_TASK_CHARS, Math.max(160, maxChars >> 2));
  const itemChars = Math.min(MAX_ITEM_CHARS, Math.max(120, maxChars >> 3));
  const seenUser = new Set<string>();
  const seenErrors = new Set<string>();
  const files = new Map<
    string,
    { order: number; actions: string[]; edited: boolean }
  >();
  let firstUser = true;
  let lastCall: { index: number; text: string } | undefined;
  let lastIntent: { index: number; text: string } | undefined;
  let lastIntentItem = -1;
  const pendingErrors: { item: number; error: string; call: string }[] = [];

  blocks.forEach((block, index) => {
    const add = (section: SummarySection, text: string, priority: number) => {
      const trimmed = text.replace(/\s*\n\s*/g, ' ').trim();
      if (trimmed !== '')
        items.push({ section, text: trimmed, priority, order: index });
    };
    switch (block.kind) {
      case 'user': {
        const text = stripAcmArtifacts(block.body);
        const key = firstLine(text);
        if (key === '' || seenUser.has(key)) return;
        seenUser.add(key);
        const limit = firstUser ? taskChars : itemChars;
        add('task', cut(text, limit), firstUser ? 100 : 80 + recency(index));
        firstUser = false;
        if (text.length <= limit) return;
        // What the cut left out: the sentences that state constraints.
        const rest = text.slice(limit - 1);
        for (const sentence of constraintSentences(rest).slice(0, 4))
          add('task', cut(sentence, itemChars), 70);
        return;
      }
      case 'assistant': {
        const prose = stripCode(stripAcmArtifacts(block.body));
        const sentences = splitSentences(prose);
        if (sentences.length === 0) return;
        // The first sentence, then the ones that name something (`code`, a path, an id).
        const [opening, ...rest] = sentences;
        const naming = rest.filter((sentence) => NAMING.test(sentence));
        add(
          'progress',
          cut([opening!, ...naming].join(' '), MAX_ITEM_CHARS),
          40 + recency(index),
        );
        lastIntentItem = items.length - 1;
        lastIntent = {
          index,
          text: sentences
            .slice(-2)
            .map((sentence) => sentence.replace(/^[-*•\d.)\s]+/, ''))
            .join(' '),
        };
        return;
      }
      case 'summary': {
        // An earlier summary's lines were already cut to size: they keep
        // their length (a record cut again loses the ids at its end).
        for (const [section, line] of readSummarySections(block.body))
          add(
            section,
            cut(line, MAX_SUMMARY_LINE_CHARS),
            section === 'task' ? 90 : 55 + recency(index) + reused(line, index),
          );
        return;
      }
      case 'call': {
        const text = `${block.tool ?? 'call'} ${compactInput(block.body)}`;
        lastCall = { index, text: cut(text, MAX_CALL_CHARS) };
        for (const pending of pendingErrors.splice(0)) {
          const item = items[pending.item]!;
          items[pending.item] = {
            ...item,
            text: `${item.text}; next: ${cut(text, 100)}`,
          };
        }
        noteFiles(block, index, files);
        return;
      }
      case 'result':
      case 'error': {
        const callText =
          lastCall !== undefined ? lastCall.text : (block.tool ?? 'tool');
        const outcome = describeOutcome(block.body, callText);
        // Calls that change something outrank lookups.
        const weight = EDIT_TOOL.test(block.tool ?? '') ? 20 : 0;
        if (outcome.length === 0) {
          add('progress', callText, 45 + weight + recency(index));
        } else {
          const first = outcome[0]!;
          add(
            'progress',
            `${callText} → ${cut(first, MAX_ITEM_CHARS)}`,
            50 +
              weight +
              recency(index) +
              reused(first, index) +
              idWeight(first) +
              superseded(first, index),
          );
          const rows = outcome.slice(1);
          // Rows of a list the conversation came back to are kept first.
          const kept = rows
            .filter((record) => reused(record, index) > 0)
            .concat(rows.filter((record) => reused(record, index) === 0))
            .slice(0, MAX_RECORDS_PER_RESULT - 1);
          for (const record of rows.filter((row) => kept.includes(row)))
            add(
              'progress',
              cut(record, MAX_ITEM_CHARS),
              48 +
                recency(index) +
                reused(record, index) +
                idWeight(record) +
                superseded(record, index),
            );
        }
        for (const error of errorLines(block.body, block.kind === 'error')) {
          if (seenErrors.has(error)) continue;
          seenErrors.add(error);
          items.push({
            section: 'errors',
            text: `${cut(error, 160)} (from: ${cut(callText, 80)})`,
            priority: 62 + recency(index),
            order: index,
          });
          pendingErrors.push({ item: items.length - 1, error, call: callText });
        }
        return;
      }
      case 'system':
      case 'other':
        return;
    }
  });

  for (const [path, file] of files) {
    items.push({
      section: 'files',
      text: `${path}: ${file.actions.join('; ')}`,
      priority: file.edited ? 75 : 35,
      order: file.order,
    });
  }
  // Assigned in the callback above; TypeScript's narrowing does not see it.
  const intent: { index: number; text: string } | undefined = lastIntent;
  const call: { index: number; text: string } | undefined = lastCall;
  // The last thing the assistant said, after its last call, is the next step, not progress.
  if (
    intent !== undefined &&
    (call === undefined || intent.index > call.index) &&
    lastIntentItem >= 0
  )
    items.splice(lastIntentItem, 1);
  if (intent !== undefined)
    items.push({
      section: 'next',
      text: cut(intent.text, MAX_ITEM_CHARS),
      priority: 92,
      order: intent.index,
    });
  if (call !== undefined && (intent === undefined || call.index > intent.index))
    items.push({
      section: 'next',
      text: cut(`last call: ${call.text}`, MAX_ITEM_CHARS),
      priority: LAST_CALL_PRIORITY,
      order: call.index,
    });
  return items;
}

/** A date token (`2024-05-20`, `2024-05-14T10:44:24`). */
const DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * Priority a record gains per distinct id or date it holds (5 each, up to 8):
 * flights with their dates, a payment id, outrank a record of plain fields
 * (what later calls reuse is ids and dates).
 */
function idWeight(record: string): number {
  const ids = new Set(
    (record.match(ID_TOKEN) ?? []).filter(
      (token) => isIdToken(token) || DATE.test(token),
    ),
  );
  return 5 * Math.min(8, ids.size);
}

/** Priority a record gains when its id is used again later (and loses when superseded). */
const SALIENT = 20;

/** Ids in text: a token of 4 or more characters holding a digit and a letter or `_` (HAT136, ZFA04Y, call ids excluded). */
const ID_TOKEN = /[A-Za-z0-9][\w.-]{2,}[A-Za-z0-9]/g;

function isIdToken(token: string): boolean {
  return /\d/.test(token) && /[A-Za-z_]/.test(token) && !/^call_/.test(token);
}

/** For each id, the last block (a call, a user or assistant text, a summary) that names it. */
function indexLaterUses(blocks: readonly Block[]): Map<string, number> {
  const last = new Map<string, number>();
  blocks.forEach((block, index) => {
    if (block.kind === 'result' || block.kind === 'error') return;
    if (block.kind === 'system' || block.kind === 'other') return;
    for (const token of block.body.match(ID_TOKEN) ?? [])
      if (isIdToken(token)) last.set(token, index);
  });
  return last;
}

/** The record's anchor: its first id (`describeRecord` leads with it). */
function recordAnchor(record: string): string {
  for (const token of record.match(ID_TOKEN) ?? [])
    if (isIdToken(token)) return token;
  return '';
}

/** A record's identity: its anchor and what follows it up to the first `:` (`ZFA04Y flights`). */
function recordKey(record: string): string {
  const anchorId = recordAnchor(record);
  if (anchorId === '') return '';
  const head = /^([^:]*):/.exec(record)?.[1] ?? '';
  return `${anchorId}|${head.includes(anchorId) ? head : ''}`;
}

/** Lines of an earlier summary, each in the section its heading names (no heading: progress). */
function readSummarySections(body: string): [SummarySection, string][] {
  const lines: [SummarySection, string][] = [];
  let section: SummarySection = 'progress';
  for (const raw of stripAcmArtifacts(body).split('\n')) {
    const line = raw.trim();
    if (line === '' || line === '…') continue;
    const heading = findHeading(line);
    if (heading !== undefined) {
      section = heading.section;
      if (heading.rest !== '') lines.push([section, heading.rest]);
      continue;
    }
    lines.push([section, line.replace(/^[-•]\s+/, '')]);
  }
  return lines;
}

function findHeading(
  line: string,
): { section: SummarySection; rest: string } | undefined {
  for (const headings of Object.values(SECTION_HEADINGS)) {
    for (const section of SECTION_ORDER) {
      const heading = `${headings[section]}:`;
      if (line.startsWith(heading))
        return { section, rest: line.slice(heading.length).trim() };
    }
  }
  return undefined;
}

/** Records each path a call names, with what the call did to it. */
function noteFiles(
  block: Block,
  index: number,
  files: Map<string, { order: number; actions: string[]; edited: boolean }>,
): void {
  const input = block.body;
  // The command line itself: no heredoc body, no quoted scripts or sed expressions.
  const commandLine = compactInput(input)
    .split(' ⏎ ', 1)[0]!
    .replace(/(['"])(?:\\.|(?!\1)[^\\])*\1/g, ' ');
  const paths = extractIdentifierLedger(commandLine, {
    maxPerKind: 8,
  }).paths.filter((path) => !/^\/(?:dev|proc|tmp)\b|^https?:/.test(path));
  if (paths.length === 0) return;
  const edits = EDIT_COMMAND.test(input) || EDIT_TOOL.test(block.tool ?? '');
  const sed = /sed\s+-i\S*\s+(?:-e\s+)?(['"])(.*?)\1/.exec(input);
  const action = edits
    ? sed !== null
      ? `edited (sed ${cut(sed[2]!, 100)})`
      : `edited (${cut(firstLine(compactInput(input)), 100)})`
    : /\b(?:python|pytest|node|npm|go test|cargo|make)\b/.test(input)
      ? 'ran'
      : 'viewed';
  for (const path of paths) {
    const file = files.get(path) ?? {
      order: index,
      actions: [],
      edited: false,
    };
    if (
      file.actions[file.actions.length - 1] !== action &&
      file.actions.length < 4
    )
      file.actions.push(action);
    file.edited ||= edits;
    files.set(path, file);
  }
}

/** A call's input in one line: the `command` of a JSON input, else the JSON without quotes. */
function compactInput(input: string): string {
  const parsed = parseJson(input);
  if (
    parsed !== undefined &&
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed)
  ) {
    const record = parsed as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 1 && typeof record[keys[0]!] === 'string')
      return oneLine(record[keys[0]!] as string);
    return describeValue(parsed);
  }
  return oneLine(input);
}

/** The outcome of a tool result: compact JSON records, or its first informative lines. */
function describeOutcome(body: string, callText = ''): string[] {
  const parsed = parseJson(body);
  if (parsed !== undefined && typeof parsed === 'object' && parsed !== null) {
    if (Array.isArray(parsed)) {
      if (parsed.length === 0) return ['[]'];
      // Records of one shape (search results): one row each, the field
      // names once, on the first row.
      const rows = describeRows(parsed) ?? describeGroupedRows(parsed);
      if (rows !== undefined) return rows;
      return parsed.map((element) => describeValue(element));
    }
    return describeRecord(parsed as Record<string, unknown>, callText);
  }
  const lines = body
    .split('\n')
    .map((line) => line.trim())
    .filter(
      (line) =>
        line !== '' &&
        !/^<\/?(?:output|output_head|output_tail|warning|returncode>0<\/returncode)>?$/.test(
          line,
        ) &&
        line !== '<returncode>0</returncode>',
    );
  if (lines.length === 0) return [];
  const first = cut(lines[0]!, 120);
  if (lines.length === 1) return [first];
  return [
    `${first}${lines.length > 2 ? ' ⏎ … ⏎ ' : ' ⏎ '}${cut(lines[lines.length - 1]!, 120)}`,
  ];
}

/**
 * A JSON object as records: its scalar fields in one, then each nested field in
 * its own, led by the object's first scalar value (its id, typically), so that
 * a reservation's flights stay next to the reservation. Fields without a value
 * (`null`, `""`) are left out, and so are the string fields the call that
 * asked for the object already names (`get_reservation_details ZFA04Y →` does
 * not need `reservation_id: ZFA04Y` again).
 */
function describeRecord(
  record: Record<string, unknown>,
  callText = '',
): string[] {
  const scalars: [string, unknown][] = [];
  const nested: [string, unknown][] = [];
  for (const entry of Object.entries(record)) {
    (typeof entry[1] === 'object' && entry[1] !== null ? nested : scalars).push(
      entry,
    );
  }
  const anchor = scalars.length > 0 ? `${String(scalars[0]![1])} ` : '';
  const told = new Set(callText.match(ID_TOKEN) ?? []);
  const shown = scalars.filter(
    ([, value]) =>
      value !== null &&
      value !== '' &&
      !(typeof value === 'string' && value.length >= 3 && told.has(value)),
  );
  const records =
    shown.length > 0 ? [describeValue(Object.fromEntries(shown))] : [];
  for (const [key, value] of nested)
    records.push(`${anchor}${key}: ${describeValue(value)}`);
  return records;
}

/** JSON without quotes: `key: value, key: {…}, list: [a / b]`. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value))
    return describeTable(value) ?? `[${value.map(describeValue).join(' / ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, entry]) =>
      typeof entry === 'object' && entry !== null && !Array.isArray(entry)
        ? `${key}: {${describeValue(entry)}}`
        : `${key}: ${describeValue(entry)}`,
  );
  return entries.join(', ');
}

/**
 * Two or more objects with the same scalar fields as a table, the field names
 * once: `(flight_number date) HAT136 2024-05-20; HAT039 2024-05-21`, so each
 * row keeps its values together at a fraction of the characters. `undefined`
 * when the rows differ or a value holds a space or a separator.
 */
function describeTable(rows: readonly unknown[]): string | undefined {
  const table = tabulate(rows);
  if (table === undefined) return undefined;
  return `(${table.columns.join(' ')}) ${table.rows.join('; ')}`;
}

/**
 * A list of two or more records of one shape as rows, the field names once,
 * before the first row: `(flight_number origin … prices.economy) HAT017 MCO
 * … 179`, then `HAT028 MCO … 164`. A search result's rows cost a third of
 * their `key: value` form, so that a small summary keeps more of them, each
 * with its own values. `undefined` when `describeTable` would refuse them.
 */
function describeRows(rows: readonly unknown[]): string[] | undefined {
  const table = tabulate(rows);
  if (table === undefined) return undefined;
  return table.rows.map((row, index) =>
    index === 0 ? `(${table.columns.join(' ')}) ${row}` : row,
  );
}

/**
 * A list of groups of records of one shape (itineraries of connecting flights)
 * as one line per group, its rows joined by ` + `, the field names once before
 * the first: `(flight_number origin …) HAT084 DEN LAS … + HAT266 LAS IAH …`.
 * Each group was a table with its own header before, so a short summary kept
 * the header and little of the values. `undefined` when an element is not a
 * list or the records differ in shape.
 */
function describeGroupedRows(groups: readonly unknown[]): string[] | undefined {
  if (!groups.every((group) => Array.isArray(group) && group.length > 0))
    return undefined;
  const lists = groups as readonly (readonly unknown[])[];
  const table = tabulate(lists.flat());
  if (table === undefined) return undefined;
  let next = 0;
  return lists.map((group, index) => {
    const line = table.rows.slice(next, next + group.length).join(' + ');
    next += group.length;
    return index === 0 ? `(${table.columns.join(' ')}) ${line}` : line;
  });
}

/**
 * The cells of records of one shape: scalar fields, and the scalar fields of
 * a nested record as `field.key` columns (seats and prices per cabin).
 * `undefined` when fewer than two rows, the shapes differ, or a cell is empty
 * or holds a space or a separator.
 */
function tabulate(
  rows: readonly unknown[],
): { columns: string[]; rows: string[] } | undefined {
  if (rows.length < 2) return undefined;
  let keys: string[] | undefined;
  const lines: string[] = [];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      return undefined;
    const names: string[] = [];
    const cells: string[] = [];
    for (const [key, cell] of Object.entries(row as Record<string, unknown>)) {
      const nested =
        typeof cell === 'object' && cell !== null && !Array.isArray(cell)
          ? Object.entries(cell as Record<string, unknown>).map(
              ([inner, value]): [string, unknown] => [`${key}.${inner}`, value],
            )
          : [[key, cell] as [string, unknown]];
      for (const [name, value] of nested) {
        if (typeof value === 'object' && value !== null) return undefined;
        const text = describeValue(value);
        if (text === '' || /[\s;()]/.test(text)) return undefined;
        names.push(name);
        cells.push(text);
      }
    }
    if (keys === undefined) keys = names;
    else if (names.join(' ') !== keys.join(' ')) return undefined;
    lines.push(cells.join(' '));
  }
  return { columns: keys!, rows: lines };
}

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The error a block reports, in one line: the last line naming an exception
 * (the end of a traceback), else the first error line; for a failed tool
 * result without one, its first line.
 */
function errorLines(body: string, isError: boolean): string[] {
  let first: string | undefined;
  let named: string | undefined;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '' || isCodeLine(line) || /^<returncode>/.test(line)) continue;
    if (/^Traceback \(most recent call last\)/.test(line)) continue;
    if (!createErrorLinePattern().test(line)) continue;
    first ??= line;
    if (/\w*(?:Error|Exception)\b/.test(line)) named = line;
  }
  const line = named ?? first ?? (isError ? firstLine(body) : '');
  return line === '' ? [] : [line];
}

/** Sentences of user text that state a requirement or a preference. */
function constraintSentences(text: string): string[] {
  return splitSentences(text).filter((sentence) =>
    /\b(?:must|should|shouldn't|don't|do not|never|always|only|without|make sure|need to|please|prefer|want)\b/i.test(
      sentence,
    ),
  );
}

/** Sentences (and list lines) of prose, code fences removed. */
function splitSentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z\p{Lu}])/u)
    .map((sentence) =>
      sentence.replace(/^(?:THOUGHT|DISCUSSION):\s*/, '').trim(),
    )
    .filter(
      (sentence) => /[\p{L}\p{N}]/u.test(sentence) && sentence.length > 3,
    );
}

function stripCode(text: string): string {
  return text.replace(/```[\s\S]*?(?:```|$)/g, ' ').trim();
}

function firstLine(text: string): string {
  return text.trim().split('\n', 1)[0]!.trim();
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ⏎ ').trim();
}

/** `text` cut to `maxChars` code units, ending with `…` when cut. */
function cut(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let end = maxChars - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Picks items by priority until `maxChars` is spent and prints them by section, in order. */
function fitItems(
  items: readonly Item[],
  headings: Readonly<Record<SummarySection, string>>,
  maxChars: number,
): string {
  const ranked = items
    .map((item, position) => ({ item, position }))
    .sort(
      (left, right) =>
        right.item.priority - left.item.priority ||
        right.position - left.position,
    );
  const chosen = new Map<number, string>();
  const opened = new Set<SummarySection>();
  let length = 0;
  for (const { item, position } of ranked) {
    const headingCost = opened.has(item.section)
      ? 0
      : headings[item.section].length + 2 + (opened.size === 0 ? 0 : 1);
    const room = maxChars - length - headingCost - 3;
    // An item that does not fit whole is cut when a useful part of it fits.
    const text =
      item.text.length <= room
        ? item.text
        : room >= 40
          ? cut(item.text, room)
          : '';
    if (text === '') continue;
    chosen.set(position, text);
    opened.add(item.section);
    length += headingCost + text.length + 3;
  }
  const sections: string[] = [];
  for (const section of SECTION_ORDER) {
    const lines = items
      .map((item, position) => ({ item, position }))
      .filter(
        ({ item, position }) =>
          item.section === section && chosen.has(position),
      )
      .sort(
        (left, right) =>
          left.item.order - right.item.order || left.position - right.position,
      )
      .map(({ position }) => `- ${chosen.get(position)!}`);
    if (lines.length > 0)
      sections.push(`${headings[section]}:\n${lines.join('\n')}`);
  }
  return sections.join('\n');
}
