import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import {
  CONVERSATION_FORMATS,
  detectConversationFormat,
} from '@acm/core/formats';
import type { ConversationFormat } from '@acm/core/formats';
import { CliError } from './cli-error';

/** The `--format` values: a format, or `auto` (detected per conversation). */
export type FormatOption = ConversationFormat | 'auto';

/** What the input error messages list as accepted. */
export const ACCEPTED_FORMATS = `Accepted formats (--format): ${CONVERSATION_FORMATS.join(', ')}; each record is { id, messages } (Anthropic: with "system"; OpenAI Responses: "input" items, with "instructions").`;

/** One conversation to replay: its messages under an id, in one trace format. */
export interface InputConversation {
  readonly id: string;
  /** The messages (or Responses input items) as read, in `format`. */
  readonly messages: readonly unknown[];
  /**
   * The trace format of `messages` (see `ConversationFormat`).
   * @default 'openai-chat'
   */
  readonly format?: ConversationFormat;
  /** Anthropic's top-level `system`, when the record has one. */
  readonly system?: unknown;
  /** OpenAI Responses' `instructions`, when the record has them. */
  readonly instructions?: unknown;
  /** Where the record is (`file:line` or `file[index]`), for error messages. */
  readonly source?: string;
  /**
   * Ground-truth tool calls of the task, when the record has them
   * (tau-bench's `expected_actions`: `[{ name, kwargs }]`); their argument
   * values are probes of what compression must keep visible.
   */
  readonly expectedActions?: readonly unknown[];
}

/**
 * Reads conversations from a file: JSON Lines of `{ id, messages }` (plain or
 * `.gz`), a JSON array of such records, or one `{ messages }` object. Records
 * without an `id` get `conversation-<n>` (1-based, in file order). The
 * messages may be in any `ConversationFormat`: detected per conversation
 * (`format: 'auto'`, the default) or as given.
 * @throws CliError (`input`) naming the file and line for anything else.
 */
export async function readConversations(
  path: string,
  { format = 'auto' }: { readonly format?: FormatOption } = {},
): Promise<InputConversation[]> {
  let raw: Buffer;
  try {
    raw = await readFile(path);
  } catch (error) {
    const reason =
      error instanceof Error && 'code' in error && error.code === 'ENOENT'
        ? 'no such file'
        : error instanceof Error
          ? error.message
          : String(error);
    throw new CliError({
      code: 'input',
      message: `Cannot read ${path}: ${reason}.`,
      cause: error,
    });
  }
  let text: string;
  try {
    text = (isGzip(raw) ? gunzipSync(raw) : raw).toString('utf8');
  } catch (error) {
    throw new CliError({
      code: 'input',
      message: `Cannot read ${path}: not a valid gzip file.`,
      cause: error,
    });
  }
  const conversations = parseConversations(text, path, format);
  if (conversations.length === 0) {
    throw new CliError({
      code: 'input',
      message: `${path} holds no conversation.`,
    });
  }
  return conversations;
}

/** Parses the text of a conversation file (see `readConversations`). */
export function parseConversations(
  text: string,
  source: string,
  format: FormatOption = 'auto',
): InputConversation[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  // A whole-file JSON value first: an array of records or one record.
  let whole: unknown;
  let wholeError: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch (error) {
    wholeError = error;
  }
  if (wholeError === undefined) {
    if (Array.isArray(whole)) {
      return whole.map((record, index) =>
        toConversation(record, index, `${source}[${index}]`, format),
      );
    }
    return [toConversation(whole, 0, source, format)];
  }
  if (trimmed.startsWith('[')) {
    throw new CliError({
      code: 'input',
      message: `${source} is not valid JSON: ${(wholeError as Error).message}.`,
      cause: wholeError,
    });
  }
  const conversations: InputConversation[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw new CliError({
        code: 'input',
        message: `${source}:${index + 1} is not valid JSON: ${(error as Error).message}.`,
        cause: error,
      });
    }
    conversations.push(
      toConversation(
        record,
        conversations.length,
        `${source}:${index + 1}`,
        format,
      ),
    );
  }
  return conversations;
}

function toConversation(
  record: unknown,
  index: number,
  where: string,
  format: FormatOption,
): InputConversation {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new CliError({
      code: 'input',
      message: `${where}: expected an object { id, messages }, found ${describe(record)}.`,
    });
  }
  const {
    id,
    messages: listed,
    input,
    system,
    instructions,
    expected_actions: expectedActions,
  } = record as {
    id?: unknown;
    messages?: unknown;
    input?: unknown;
    system?: unknown;
    instructions?: unknown;
    expected_actions?: unknown;
  };
  // OpenAI Responses requests hold their items under `input` (a string is one user message).
  const items = listed ?? input;
  const key =
    listed === undefined && input !== undefined ? 'input' : 'messages';
  const messages =
    typeof items === 'string' && key === 'input'
      ? [{ role: 'user', content: items }]
      : items;
  if (!Array.isArray(messages)) {
    throw new CliError({
      code: 'input',
      message: `${where}: "messages" must be an array of messages, found ${describe(items)}. ${ACCEPTED_FORMATS}`,
    });
  }
  if (id !== undefined && (typeof id !== 'string' || id === '')) {
    throw new CliError({
      code: 'input',
      message: `${where}: "id" must be a non-empty string, found ${describe(id)}.`,
    });
  }
  let chosen: ConversationFormat;
  if (format !== 'auto') {
    chosen = format;
  } else {
    const detected = detectConversationFormat({
      messages: messages as unknown[],
      system,
      instructions,
    });
    // Items under `input` are Responses items unless something else says otherwise.
    const detection =
      key === 'input' && detected.ok && detected.evidence === null
        ? { ...detected, format: 'openai-responses' as const }
        : detected;
    if (!detection.ok) {
      const found = detection.conflicts
        .map(
          (evidence) =>
            `${evidence.format} (${evidence.path.replace(/^messages/, key)} = ${evidence.found})`,
        )
        .join(', ');
      throw new CliError({
        code: 'input',
        message: `${where}: cannot tell the trace format: the conversation has fields of ${found}. Pass --format to choose. ${ACCEPTED_FORMATS}`,
      });
    }
    chosen = detection.format;
  }
  return {
    id: typeof id === 'string' ? id : `conversation-${index + 1}`,
    messages: messages as unknown[],
    ...(chosen === 'openai-chat' ? {} : { format: chosen }),
    ...(system === undefined ? {} : { system }),
    ...(instructions === undefined ? {} : { instructions }),
    source: where,
    ...(Array.isArray(expectedActions)
      ? { expectedActions: expectedActions as unknown[] }
      : {}),
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return `a ${typeof value}`;
}

function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}
