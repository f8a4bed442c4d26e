import type { Message } from '../../vocabulary/message/message';
import { stringifyToolOutput } from '../../vocabulary/message/message-text';
import {
  createErrorLinePattern,
  isCodeLine,
} from '../../summary/text/create-error-line-pattern';
import type { TokenCounter } from '../../state/token/token-counter';
import { formatOffloadTag } from '../../state/offload/format-offload-tag';
import { createMarkedTextMessage } from './create-marked-text-message';
import {
  DIGEST_COMMAND_CHARS,
  DIGEST_MARGIN_TOKENS,
  DIGEST_MAX_FILES,
  DIGEST_MAX_NAMES,
  DIGEST_MAX_USED,
  DIGEST_OUTPUT_CHARS,
} from './tuning';

/** The opening line of a digest of cleared tool calls. */
export const DIGEST_HEADER =
  'Earlier tool calls of this task, cleared to fit the context (what each ran and what it showed; the full calls and outputs are one context_reload away with the id below):';

/** Separates what a digest line's call ran from what it showed. */
const SHOWED = ' → ';

/**
 * One line per tool exchange of `originals`, in order: what the call ran
 * (a shell command's first line, a written file's path, or the tool name and
 * its compact input) and what it showed (exit code, the error line or the
 * first output line, the number of lines, the names the output defines, the
 * files a search hit). Deterministic, plain text. Messages that are not part
 * of an exchange (notes, harness replies) get no line.
 */
export function describeExchanges(originals: readonly Message[]): string[] {
  const lines: string[] = [];
  let index = 0;
  while (index < originals.length) {
    const message = originals[index]!;
    const calls = message.content.filter((part) => part.type === 'tool-call');
    if (message.role !== 'assistant' || calls.length === 0) {
      index++;
      continue;
    }
    const ids = new Set(calls.map((call) => call.toolCallId));
    const outputs = new Map<string, { text: string; isError: boolean }>();
    index++;
    while (index < originals.length && originals[index]!.role === 'tool') {
      for (const part of originals[index]!.content) {
        if (part.type === 'tool-result' && ids.has(part.toolCallId)) {
          outputs.set(part.toolCallId, {
            text: stringifyToolOutput(part.output),
            isError: part.isError === true,
          });
        }
      }
      index++;
    }
    for (const call of calls) {
      const result = outputs.get(call.toolCallId);
      lines.push(
        `- ${describeCall(call.toolName, call.input)}${result === undefined ? '' : `${SHOWED}${describeOutput(result.text, result.isError)}`}`,
      );
    }
  }
  return lines;
}

/**
 * The digest text: `DIGEST_HEADER` and the lines, newest kept first while the
 * text stays within `maxTokens` (older lines are replaced by a count). A call
 * repeated verbatim (a test or a reproduction script run again after each
 * edit) is listed once, at its latest run, with what that run showed and how
 * many times it ran: the latest output supersedes the earlier ones, which stay
 * in the reload entry.
 */
export function composeDigest(
  allLines: readonly string[],
  maxTokens: number,
  counter: TokenCounter,
): string {
  const lines = listRepeatsOnce(allLines);
  let budget =
    maxTokens - counter.countText(DIGEST_HEADER) - DIGEST_MARGIN_TOKENS;
  let first = lines.length;
  while (first > 0) {
    const cost = counter.countText(lines[first - 1]!) + 1;
    if (cost > budget) break;
    budget -= cost;
    first--;
  }
  const omitted =
    first === 0
      ? []
      : [
          `- (${first} earlier call${first === 1 ? '' : 's'} not listed here; also in the reload entry)`,
        ];
  return [DIGEST_HEADER, ...omitted, ...lines.slice(first)].join('\n');
}

/**
 * The digest message: one assistant text, `text` and the offload tag, marked
 * `tool-run-summary` by `clearToolUses` and replacing `span`.
 */
export function createDigestMessage(
  text: string,
  offloadId: string,
  id: string,
  span: readonly Message[],
): Message {
  return createMarkedTextMessage({
    id,
    role: 'assistant',
    text: `${text}\n${formatOffloadTag(offloadId)}`,
    marker: {
      kind: 'tool-run-summary',
      strategy: 'clearToolUses',
      offloadId,
      replaces: span.map((message) => message.id),
    },
  });
}

/** `lines` with each call that repeats an earlier one verbatim listed once, at its latest run. */
function listRepeatsOnce(lines: readonly string[]): string[] {
  const runs = new Map<string, number>();
  const callOf = (line: string) => {
    const arrow = line.indexOf(SHOWED);
    return arrow < 0 ? line : line.slice(0, arrow);
  };
  for (const line of lines) {
    const call = callOf(line);
    runs.set(call, (runs.get(call) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  const listed: string[] = [];
  for (const line of lines) {
    const call = callOf(line);
    const run = (seen.get(call) ?? 0) + 1;
    seen.set(call, run);
    const total = runs.get(call)!;
    if (run < total) continue;
    listed.push(
      total === 1
        ? line
        : `${call} (ran ${total} times; the latest)${line.slice(call.length)}`,
    );
  }
  return listed;
}

const HEREDOC =
  /^\s*(?:cat|tee)\s*(?:<<-?\s*['"]?(\w+)['"]?\s*>>?\s*([^\s>]+)|>>?\s*([^\s>]+)\s*<<-?\s*['"]?(\w+)['"]?)/;

function describeCall(toolName: string, input: unknown): string {
  let command: string | undefined;
  if (typeof input === 'string') command = input;
  else if (input !== null && typeof input === 'object') {
    const values = Object.values(input as Record<string, unknown>);
    if (values.length === 1 && typeof values[0] === 'string')
      command = values[0];
  }
  if (command === undefined) {
    return clip(
      `${toolName} ${JSON.stringify(input) ?? ''}`,
      DIGEST_COMMAND_CHARS,
    );
  }
  const lines = command.split('\n');
  const heredoc = HEREDOC.exec(lines[0]!);
  if (heredoc !== null) {
    const path = heredoc[2] ?? heredoc[3]!;
    const body = lines.slice(1, -1);
    const defined = collectNames(body, DEFINITION);
    const used = collectNames(body, USED_NAME).filter(
      (name) => !defined.includes(name),
    );
    return `wrote \`${path}\` (${body.length} lines${describeNames(defined, 'defining')}${describeNames(used, 'using')})`;
  }
  const first = lines[0]!.trim();
  const more = lines.length > 1 ? ` (+${lines.length - 1} lines)` : '';
  return `\`${clip(first, DIGEST_COMMAND_CHARS)}\`${more}`;
}

const TAG_LINE = /^\s*<\/?[\w-]+>\s*$/;
const RETURN_CODE = /<returncode>\s*(-?\d+)\s*<\/returncode>/;
const DEFINITION =
  /^\s*(?:\d+\s+)?(?:async\s+)?(?:def|class|function|interface|struct|fn)\s+([A-Za-z_]\w*)/;
const SEARCH_HIT = /^(?:\.\/)?([\w./-]+\.\w+):\d+[:-]/;

/** Dotted names and called names in code (`settings.configure`, `check_array(`). */
const USED_NAME =
  /(?<![\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|[A-Za-z_]\w{2,}(?=\())/g;

function collectNames(lines: readonly string[], pattern: RegExp): string[] {
  const names: string[] = [];
  for (const line of lines) {
    if (pattern.global) {
      for (const match of line.matchAll(pattern)) {
        const name = match[1]!;
        if (!names.includes(name) && !COMMON_CALLS.has(name) && !isNoise(name))
          names.push(name);
      }
    } else {
      const name = pattern.exec(line)?.[1];
      if (name !== undefined && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

const COMMON_CALLS = new Set(
  'print len str int range open list dict set isinstance super format join append'.split(
    ' ',
  ),
);

/** Abbreviations (`e.g`, `i.e`) and host names (`github.com`) that look like dotted names. */
const NOISE =
  /^(?:[a-z]{1,2}(?:\.[a-z]{1,2})+|www\..*|.*\.(?:com|org|net|io|dev))$/i;

function isNoise(name: string): boolean {
  return NOISE.test(name);
}

function describeNames(names: readonly string[], verb: string): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, DIGEST_MAX_USED);
  const more = names.length > shown.length ? ' and more' : '';
  return `; ${verb} ${shown.join(', ')}${more}`;
}

function describeOutput(text: string, isError: boolean): string {
  const pieces: string[] = [];
  const code = RETURN_CODE.exec(text)?.[1];
  if (code !== undefined) pieces.push(`exit ${code}`);
  else if (isError) pieces.push('error');
  const lines = text
    .replace(RETURN_CODE, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !TAG_LINE.test(line));
  if (lines.length === 0) {
    pieces.push('no output');
    return pieces.join(', ');
  }
  let errorLine: string | undefined;
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!.trim();
    if (isCodeLine(line)) continue;
    if (createErrorLinePattern().test(line)) {
      errorLine = line;
      break;
    }
  }
  const names: string[] = [];
  const files: string[] = [];
  for (const line of lines) {
    const name = DEFINITION.exec(line)?.[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
    const file = SEARCH_HIT.exec(line)?.[1];
    if (file !== undefined && !files.includes(file)) files.push(file);
  }
  pieces.push(`${lines.length} line${lines.length === 1 ? '' : 's'}`);
  const shown =
    errorLine ??
    (lines.find((line) => /[A-Za-z]/.test(line)) ?? lines[0]!).trim();
  // Runs of spaces and tabs (indentation, `nl` columns) carry no fact.
  let description = `${pieces.join(', ')}: ${clip(shown.replace(/\s+/g, ' '), DIGEST_OUTPUT_CHARS)}`;
  if (names.length > 0) {
    const listed = names.slice(0, DIGEST_MAX_NAMES).join(', ');
    description += ` — defines ${listed}${names.length > DIGEST_MAX_NAMES ? ' and more' : ''}`;
    const used = collectNames(lines, USED_NAME).filter(
      (name) => !names.includes(name),
    );
    description += describeNames(used, 'using');
  }
  if (files.length > 1 || (files.length === 1 && names.length === 0)) {
    const listed = files.slice(0, DIGEST_MAX_FILES).join(', ');
    description += ` — hits in ${listed}${files.length > DIGEST_MAX_FILES ? ' and more' : ''}`;
  }
  return description;
}

function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;
}
