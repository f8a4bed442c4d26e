import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { CliError } from './cli-error';

/** One conversation to replay: OpenAI chat-completions messages under an id. */
export interface InputConversation {
  readonly id: string;
  /** The messages as read, OpenAI chat-completions format. */
  readonly messages: readonly unknown[];
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
 * without an `id` get `conversation-<n>` (1-based, in file order).
 * @throws CliError (`input`) naming the file and line for anything else.
 */
export async function readConversations(
  path: string,
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
  const conversations = parseConversations(text, path);
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
        toConversation(record, index, `${source}[${index}]`),
      );
    }
    return [toConversation(whole, 0, source)];
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
      toConversation(record, conversations.length, `${source}:${index + 1}`),
    );
  }
  return conversations;
}

function toConversation(
  record: unknown,
  index: number,
  where: string,
): InputConversation {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new CliError({
      code: 'input',
      message: `${where}: expected an object { id, messages }, found ${describe(record)}.`,
    });
  }
  const {
    id,
    messages,
    expected_actions: expectedActions,
  } = record as {
    id?: unknown;
    messages?: unknown;
    expected_actions?: unknown;
  };
  if (!Array.isArray(messages)) {
    throw new CliError({
      code: 'input',
      message: `${where}: "messages" must be an array of OpenAI chat messages, found ${describe(messages)}.`,
    });
  }
  if (id !== undefined && (typeof id !== 'string' || id === '')) {
    throw new CliError({
      code: 'input',
      message: `${where}: "id" must be a non-empty string, found ${describe(id)}.`,
    });
  }
  return {
    id: typeof id === 'string' ? id : `conversation-${index + 1}`,
    messages: messages as unknown[],
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
