import type { Clock, IdGenerator } from '../../vocabulary/clock/clock';
import { AcmError } from '../../vocabulary/error/acm-error';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import { LongTermMemoryError } from '../../vocabulary/error/long-term-memory-error';
import type { LongTermMemoryOperation } from '../../vocabulary/error/long-term-memory-error';
import type { Message, Role } from '../../vocabulary/message/message';
import { ROLES } from '../../vocabulary/message/message';
import { randomId } from '../../runtime/random-id';
import { systemClock } from '../../runtime/system-clock';
import type { MaybePromise } from '../../memory/store/session-store';
import { assertValidEmbedding } from './assert-valid-long-term-records';
import type {
  EmbedFunction,
  LongTermMemoryBackend,
  LongTermRecord,
  LongTermRecordSource,
  LongTermSearchHit,
} from './long-term-memory-backend';
import { LONG_TERM_LIMITS } from './long-term-limits';
import {
  MAX_RECORD_TO_MEMORY_ITEMS,
  MAX_RETRIEVE_KEYWORDS,
  RECORD_TO_MEMORY_TOOL_NAME,
  RETRIEVE_FROM_MEMORY_TOOL_NAME,
  recordToMemoryToolDefinition,
  retrieveFromMemoryToolDefinition,
} from './long-term-tool-definitions';
import { assertValidMemoryOwner } from './memory-owner';
import type { MemoryOwner } from './memory-owner';
import { renderMessageForSearch } from './render-message-for-search';
import type { ToolDefinition } from './tool-definition';

/**
 * Who drives long-term memory (the seed's `LongTermMemoryMode`):
 * - `'static'` (STATIC_CONTROL): the framework retrieves before reasoning and
 *   records after the reply; no tools;
 * - `'agent'` (AGENT_CONTROL): the agent calls `record_to_memory` and
 *   `retrieve_from_memory`; the framework does neither;
 * - `'both'`: both.
 */
export type LongTermMemoryMode = 'static' | 'agent' | 'both';

export const LONG_TERM_MEMORY_MODES: readonly LongTermMemoryMode[] = [
  'static',
  'agent',
  'both',
];

export interface CreateLongTermMemoryOptions {
  readonly backend: LongTermMemoryBackend;
  /** Whose memories: a user and/or an agent, independent of the session. */
  readonly owner: MemoryOwner;
  readonly mode: LongTermMemoryMode;
  /** The current session, stored on each record (not a search scope). */
  readonly sessionId?: string;
  /** @default systemClock */
  readonly clock?: Clock;
  /** Record ids. @default randomId */
  readonly ids?: IdGenerator;
  /**
   * Embeds texts for hybrid search (the AI SDK's `embedMany`, a LangChain
   * `Embeddings.embedDocuments`). Without it, search is full text only.
   */
  readonly embed?: EmbedFunction;
  /**
   * Turns messages into facts to record (Mem0-style extraction with your own
   * model). Without it, each message's text is one record.
   */
  readonly extract?: (
    messages: readonly Message[],
  ) => MaybePromise<readonly string[]>;
  /** Roles `record(messages)` keeps. @default ['user', 'assistant', 'tool'] */
  readonly recordRoles?: readonly Role[];
  /** Most memories `retrieve` and `retrieve_from_memory` return. @default 5 */
  readonly retrieveLimit?: number;
  /** Longest text `retrieve` returns, in characters. @default 4000 */
  readonly maxRetrieveChars?: number;
}

/** A text to remember with its own metadata. */
export interface RememberEntry {
  readonly text: string;
  readonly metadata?: Readonly<Record<string, string>>;
}

export interface RememberOptions {
  /** @default 'framework' */
  readonly source?: LongTermRecordSource;
  readonly metadata?: Readonly<Record<string, string>>;
}

/** The long-term memory of one owner, as returned by {@link createLongTermMemory}. */
export interface LongTermMemory {
  readonly owner: MemoryOwner;
  readonly mode: LongTermMemoryMode;
  /**
   * Records messages (the seed's `record`): each message of a kept role not
   * recorded before by this memory becomes a record (or the facts `extract`
   * returns). All or nothing: when the backend or `embed` fails it rejects
   * with `LongTermMemoryError` and the messages count as not recorded.
   *
   * @throws InvalidArgumentError when `messages` is not an array of messages.
   */
  record(messages: readonly Message[]): Promise<void>;
  /**
   * Records texts as they are, one record each (split when longer than
   * `LONG_TERM_LIMITS.maxTextChars`), in one backend call. An entry's
   * metadata is merged over `options.metadata`. All or nothing, like
   * `record`.
   */
  remember(
    texts: readonly (string | RememberEntry)[],
    options?: RememberOptions,
  ): Promise<void>;
  /**
   * The memories relevant to `query` (a text or a message), one per line
   * (`- …`), best first; `''` when none. Wrap it with
   * `formatLongTermMemoryBlock` to inject it.
   */
  retrieve(query: string | Message): Promise<string>;
  /** The search behind `retrieve`, as hits. */
  search(query: string, limit?: number): Promise<readonly LongTermSearchHit[]>;
  /** `[record_to_memory, retrieve_from_memory]` in `'agent'` and `'both'` modes, `[]` in `'static'`. */
  readonly tools: readonly ToolDefinition[];
  /**
   * Answers a call of one of `tools` with text for the model. Never rejects
   * for the model's input or a failing backend: each gets a one-line answer.
   *
   * @throws InvalidArgumentError when `name` is not one of `tools`.
   */
  handleToolCall(name: string, input: unknown): Promise<string>;
  /** Deletes every record of this owner (the right to be forgotten); returns how many. */
  forget(): Promise<number>;
}

/** Longest memory shown in a retrieval, in characters. */
const MAX_SHOWN_RECORD_CHARS = 1_000;

/**
 * Long-term memory of one owner over a backend, with the seed's three modes
 * and tools. Pure apart from the injected backend, clock, ids and `embed`.
 *
 * @throws InvalidArgumentError for a missing backend, a bad owner or mode,
 * or limits out of range.
 */
export function createLongTermMemory(
  options: CreateLongTermMemoryOptions,
): LongTermMemory {
  const {
    backend,
    owner,
    mode,
    sessionId,
    clock = systemClock,
    ids = randomId,
    embed,
    extract,
    recordRoles = ['user', 'assistant', 'tool'],
    retrieveLimit = 5,
    maxRetrieveChars = 4_000,
  } = options ?? ({} as CreateLongTermMemoryOptions);
  if (
    backend == null ||
    typeof backend.add !== 'function' ||
    typeof backend.search !== 'function' ||
    typeof backend.deleteOwner !== 'function'
  ) {
    throw new InvalidArgumentError({
      parameter: 'backend',
      value: backend,
      message: 'must be a LongTermMemoryBackend (add, search, deleteOwner)',
    });
  }
  assertValidMemoryOwner(owner);
  if (!LONG_TERM_MEMORY_MODES.includes(mode)) {
    throw new InvalidArgumentError({
      parameter: 'mode',
      value: mode,
      message: "must be 'static', 'agent' or 'both'",
    });
  }
  if (
    sessionId !== undefined &&
    (typeof sessionId !== 'string' || sessionId === '')
  ) {
    throw new InvalidArgumentError({
      parameter: 'sessionId',
      value: sessionId,
      message: 'must be a non-empty string when given',
    });
  }
  if (
    !Array.isArray(recordRoles) ||
    !(recordRoles as readonly unknown[]).every((role) =>
      ROLES.includes(role as Role),
    )
  ) {
    throw new InvalidArgumentError({
      parameter: 'recordRoles',
      value: recordRoles,
      message: `must be an array of roles (${ROLES.join(', ')})`,
    });
  }
  if (
    !Number.isInteger(retrieveLimit) ||
    retrieveLimit < 1 ||
    retrieveLimit > LONG_TERM_LIMITS.maxSearchLimit
  ) {
    throw new InvalidArgumentError({
      parameter: 'retrieveLimit',
      value: retrieveLimit,
      message: `must be an integer from 1 to ${LONG_TERM_LIMITS.maxSearchLimit}`,
    });
  }
  if (!Number.isInteger(maxRetrieveChars) || maxRetrieveChars < 100) {
    throw new InvalidArgumentError({
      parameter: 'maxRetrieveChars',
      value: maxRetrieveChars,
      message: 'must be an integer of at least 100',
    });
  }
  for (const [parameter, value] of [
    ['embed', embed],
    ['extract', extract],
  ] as const) {
    if (value !== undefined && typeof value !== 'function') {
      throw new InvalidArgumentError({
        parameter,
        value,
        message: 'must be a function when given',
      });
    }
  }
  const fixedOwner: MemoryOwner = Object.freeze({
    ...(owner.userId !== undefined ? { userId: owner.userId } : {}),
    ...(owner.agentId !== undefined ? { agentId: owner.agentId } : {}),
  });
  const keptRoles = new Set(recordRoles);
  /** Message ids recorded (or being recorded) by this memory. */
  const recorded = new Set<string>();

  const guard = async <T>(
    operation: LongTermMemoryOperation,
    run: () => Promise<T>,
  ): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (AcmError.isInstance(error)) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new LongTermMemoryError({
        operation,
        message: `Long-term memory ${operation} failed: ${detail}`,
        cause: error,
      });
    }
  };

  const embedTexts = async (
    texts: readonly string[],
  ): Promise<readonly (readonly number[])[] | undefined> => {
    if (embed === undefined || texts.length === 0) return undefined;
    const vectors = await guard('embed', async () => await embed(texts));
    if (!Array.isArray(vectors) || vectors.length !== texts.length) {
      throw new LongTermMemoryError({
        operation: 'embed',
        message: `embed returned ${Array.isArray(vectors) ? vectors.length : typeof vectors} vectors for ${texts.length} texts`,
      });
    }
    for (const [index, vector] of vectors.entries()) {
      try {
        assertValidEmbedding(vector, `embed()[${index}]`);
      } catch (error) {
        throw new LongTermMemoryError({
          operation: 'embed',
          message: `embed returned a bad vector at ${index}: ${(error as Error).message}`,
          cause: error,
        });
      }
    }
    return vectors as readonly (readonly number[])[];
  };

  const store = async (
    entries: readonly {
      readonly text: string;
      readonly source: LongTermRecordSource;
      readonly metadata?: Readonly<Record<string, string>>;
    }[],
  ): Promise<number> => {
    const pieces = entries.flatMap((entry) =>
      splitText(entry.text.trim()).map((text, index, all) => ({
        ...entry,
        text,
        metadata:
          all.length === 1
            ? entry.metadata
            : { ...entry.metadata, part: `${index + 1}/${all.length}` },
      })),
    );
    if (pieces.length === 0) return 0;
    const vectors = await embedTexts(pieces.map((piece) => piece.text));
    const createdAt = clock.now();
    const records: LongTermRecord[] = pieces.map((piece, index) => ({
      id: ids(),
      owner: fixedOwner,
      text: piece.text,
      createdAt,
      ...(sessionId !== undefined ? { sessionId } : {}),
      source: piece.source,
      ...(vectors !== undefined ? { embedding: vectors[index] } : {}),
      ...(piece.metadata !== undefined && Object.keys(piece.metadata).length > 0
        ? { metadata: piece.metadata }
        : {}),
    }));
    for (
      let start = 0;
      start < records.length;
      start += LONG_TERM_LIMITS.maxRecordsPerAdd
    ) {
      await guard('add', () =>
        backend.add(
          records.slice(start, start + LONG_TERM_LIMITS.maxRecordsPerAdd),
        ),
      );
    }
    return records.length;
  };

  const search = async (
    query: string,
    limit = retrieveLimit,
  ): Promise<readonly LongTermSearchHit[]> => {
    if (typeof query !== 'string') {
      throw new InvalidArgumentError({
        parameter: 'query',
        value: query,
        message: 'must be a string',
      });
    }
    const text = query.trim().slice(0, LONG_TERM_LIMITS.maxQueryChars);
    if (text === '') return [];
    const vectors = await embedTexts([text]);
    return guard('search', () =>
      backend.search({
        owner: fixedOwner,
        query: text,
        limit,
        ...(vectors !== undefined ? { embedding: vectors[0] } : {}),
      }),
    );
  };

  const render = (hits: readonly LongTermSearchHit[]): string => {
    let text = '';
    for (const hit of hits) {
      const shown = shorten(
        hit.record.text.replace(/\s+/g, ' ').trim(),
        MAX_SHOWN_RECORD_CHARS,
      );
      const line = `- ${shown}`;
      const next = text === '' ? line : `${text}\n${line}`;
      if (next.length > maxRetrieveChars) break;
      text = next;
    }
    return text;
  };

  const record = async (messages: readonly Message[]): Promise<void> => {
    assertMessages(messages);
    const fresh = messages
      .filter(
        (message) => keptRoles.has(message.role) && !recorded.has(message.id),
      )
      .map(withoutMemoryToolParts);
    if (fresh.length === 0) return;
    for (const message of fresh) recorded.add(message.id);
    try {
      if (extract !== undefined) {
        const facts = await guard('add', async () => await extract(fresh));
        if (
          !Array.isArray(facts) ||
          !facts.every((fact) => typeof fact === 'string')
        ) {
          throw new LongTermMemoryError({
            operation: 'add',
            message: 'extract must return an array of strings',
          });
        }
        await store(
          facts
            .filter((fact) => fact.trim() !== '')
            .map((text) => ({ text, source: 'framework' as const })),
        );
        return;
      }
      await store(
        fresh
          .map((message) => ({
            text: renderMessageForSearch(message),
            source: 'framework' as const,
            metadata: { messageId: message.id, role: message.role },
          }))
          .filter((entry) => entry.text.trim() !== ''),
      );
    } catch (error) {
      for (const message of fresh) recorded.delete(message.id);
      throw error;
    }
  };

  const remember = async (
    texts: readonly (string | RememberEntry)[],
    { source = 'framework', metadata }: RememberOptions = {},
  ): Promise<void> => {
    const entries = Array.isArray(texts)
      ? (texts as readonly unknown[]).map((item) =>
          typeof item === 'string' ? { text: item } : item,
        )
      : undefined;
    if (
      entries === undefined ||
      !entries.every(
        (entry) =>
          entry !== null &&
          typeof entry === 'object' &&
          typeof (entry as RememberEntry).text === 'string',
      )
    ) {
      throw new InvalidArgumentError({
        parameter: 'texts',
        value: texts,
        message: 'must be an array of strings or { text, metadata? } entries',
      });
    }
    await store(
      (entries as RememberEntry[])
        .filter((entry) => entry.text.trim() !== '')
        .map((entry) => {
          const merged =
            metadata === undefined && entry.metadata === undefined
              ? undefined
              : { ...metadata, ...entry.metadata };
          return {
            text: entry.text,
            source,
            ...(merged !== undefined ? { metadata: merged } : {}),
          };
        }),
    );
  };

  const tools: readonly ToolDefinition[] = Object.freeze(
    mode === 'static'
      ? []
      : [recordToMemoryToolDefinition, retrieveFromMemoryToolDefinition],
  );

  const handleRecordTool = async (input: unknown): Promise<string> => {
    const usage = `Call ${RECORD_TO_MEMORY_TOOL_NAME} with {"thinking": "<why>", "content": ["<fact>", …]}.`;
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      return `Error: the arguments must be an object. ${usage}`;
    }
    const { thinking, content } = input as Record<string, unknown>;
    const items = typeof content === 'string' ? [content] : content;
    if (
      !Array.isArray(items) ||
      !items.every((item) => typeof item === 'string')
    ) {
      return `Error: content must be an array of strings. ${usage}`;
    }
    const facts = items
      .map((item: string) => item.trim())
      .filter((item) => item !== '');
    if (facts.length === 0) {
      return `Error: content holds no text to remember. ${usage}`;
    }
    if (facts.length > MAX_RECORD_TO_MEMORY_ITEMS) {
      return `Error: at most ${MAX_RECORD_TO_MEMORY_ITEMS} items per call (got ${facts.length}).`;
    }
    const tooLong = facts.findIndex(
      (fact) => fact.length > LONG_TERM_LIMITS.maxTextChars,
    );
    if (tooLong >= 0) {
      return `Error: content[${tooLong}] is longer than ${LONG_TERM_LIMITS.maxTextChars} characters; record shorter facts.`;
    }
    const why =
      typeof thinking === 'string' && thinking.trim() !== ''
        ? {
            thinking: shorten(
              thinking.trim(),
              LONG_TERM_LIMITS.maxMetadataChars,
            ),
          }
        : undefined;
    try {
      await store(
        facts.map((text) => ({
          text,
          source: 'agent' as const,
          ...(why !== undefined ? { metadata: why } : {}),
        })),
      );
    } catch (error) {
      return `Error: nothing was recorded to long-term memory: ${describe(error)}`;
    }
    return `Recorded ${facts.length} ${facts.length === 1 ? 'memory' : 'memories'} to long-term memory.`;
  };

  const handleRetrieveTool = async (input: unknown): Promise<string> => {
    const usage = `Call ${RETRIEVE_FROM_MEMORY_TOOL_NAME} with {"keywords": ["<keyword>", …]}.`;
    if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      return `Error: the arguments must be an object. ${usage}`;
    }
    const { keywords } = input as Record<string, unknown>;
    const items = typeof keywords === 'string' ? [keywords] : keywords;
    if (
      !Array.isArray(items) ||
      !items.every((item) => typeof item === 'string')
    ) {
      return `Error: keywords must be an array of strings. ${usage}`;
    }
    const words = items
      .slice(0, MAX_RETRIEVE_KEYWORDS)
      .map((item: string) => item.trim())
      .filter((item) => item !== '');
    if (words.length === 0) return `Error: keywords are empty. ${usage}`;
    let hits: readonly LongTermSearchHit[];
    try {
      hits = await search(words.join(' '));
    } catch (error) {
      return `Error: long-term memory could not be searched: ${describe(error)}`;
    }
    const text = render(hits);
    return text === ''
      ? `No long-term memories match ${shorten(JSON.stringify(words), 200)}.`
      : text;
  };

  return Object.freeze({
    owner: fixedOwner,
    mode,
    record,
    remember,
    async retrieve(query: string | Message): Promise<string> {
      const text =
        typeof query === 'string'
          ? query
          : query !== null &&
              typeof query === 'object' &&
              Array.isArray((query as { content?: unknown }).content)
            ? renderMessageForSearch(query)
            : undefined;
      if (text === undefined) {
        throw new InvalidArgumentError({
          parameter: 'query',
          value: query,
          message: 'must be a string or a message',
        });
      }
      return render(await search(text));
    },
    search,
    tools,
    async handleToolCall(name: string, input: unknown): Promise<string> {
      if (!tools.some((tool) => tool.name === name)) {
        throw new InvalidArgumentError({
          parameter: 'name',
          value: name,
          message: `not a long-term memory tool in mode '${mode}' (tools: ${tools.map((tool) => tool.name).join(', ') || 'none'})`,
        });
      }
      return name === RECORD_TO_MEMORY_TOOL_NAME
        ? handleRecordTool(input)
        : handleRetrieveTool(input);
    },
    async forget(): Promise<number> {
      return guard('delete', () => backend.deleteOwner(fixedOwner));
    },
  });
}

/**
 * The message without its calls to the memory tools and their results: a
 * retrieval recorded again would copy every memory it returned, on every
 * turn.
 */
function withoutMemoryToolParts(message: Message): Message {
  const content = message.content.filter(
    (part) =>
      (part.type !== 'tool-call' && part.type !== 'tool-result') ||
      (part.toolName !== RECORD_TO_MEMORY_TOOL_NAME &&
        part.toolName !== RETRIEVE_FROM_MEMORY_TOOL_NAME),
  );
  return content.length === message.content.length
    ? message
    : { ...message, content };
}

function assertMessages(messages: unknown): asserts messages is Message[] {
  if (
    !Array.isArray(messages) ||
    !messages.every(
      (message: unknown) =>
        message !== null &&
        typeof message === 'object' &&
        typeof (message as Message).id === 'string' &&
        typeof (message as Message).role === 'string' &&
        Array.isArray((message as Message).content),
    )
  ) {
    throw new InvalidArgumentError({
      parameter: 'messages',
      value: messages,
      message: 'must be an array of messages ({ id, role, content[] })',
    });
  }
}

/** Splits text longer than a record may hold, at whitespace when it can. */
function splitText(text: string): string[] {
  const max = LONG_TERM_LIMITS.maxTextChars;
  if (text === '') return [];
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut < max / 2) cut = max;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') pieces.push(rest);
  return pieces.filter((piece) => piece !== '');
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function describe(error: unknown): string {
  return shorten(error instanceof Error ? error.message : String(error), 300);
}
