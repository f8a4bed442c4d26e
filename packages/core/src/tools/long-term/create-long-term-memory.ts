import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message } from '../../vocabulary/message/message';
import { answerRecordToMemory } from './answer-record-to-memory';
import { answerRetrieveFromMemory } from './answer-retrieve-from-memory';
import { guardLongTermOperation } from './guard-long-term-operation';
import type { LongTermSearchHit } from './long-term-memory-backend';
import type { LongTermMemoryMode } from './long-term-memory-mode';
import {
  RECORD_TO_MEMORY_TOOL_NAME,
  recordToMemoryToolDefinition,
  retrieveFromMemoryToolDefinition,
} from './long-term-tool-definitions';
import type { MemoryOwner } from './memory-owner';
import { recordLongTermMessages } from './record-long-term-messages';
import { rememberLongTermTexts } from './remember-long-term-texts';
import type {
  RememberEntry,
  RememberOptions,
} from './remember-long-term-texts';
import { renderLongTermHits } from './render-long-term-hits';
import { renderMessageForSearch } from './render-message-for-search';
import { resolveLongTermMemoryOptions } from './resolve-long-term-memory-options';
import type { CreateLongTermMemoryOptions } from './resolve-long-term-memory-options';
import { searchLongTermMemory } from './search-long-term-memory';
import type { ToolDefinition } from './tool-definition';

export { LONG_TERM_MEMORY_MODES } from './long-term-memory-mode';
export type { LongTermMemoryMode } from './long-term-memory-mode';
export type {
  RememberEntry,
  RememberOptions,
} from './remember-long-term-texts';
export type { CreateLongTermMemoryOptions } from './resolve-long-term-memory-options';

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
  const setup = resolveLongTermMemoryOptions(options);
  const { backend, owner, mode } = setup;
  /** Message ids recorded (or being recorded) by this memory. */
  const recorded = new Set<string>();

  const search = async (
    query: string,
    limit = setup.retrieveLimit,
  ): Promise<readonly LongTermSearchHit[]> =>
    searchLongTermMemory(setup, query, limit);

  const tools: readonly ToolDefinition[] = Object.freeze(
    mode === 'static'
      ? []
      : [recordToMemoryToolDefinition, retrieveFromMemoryToolDefinition],
  );

  return Object.freeze({
    owner,
    mode,
    record: (messages: readonly Message[]): Promise<void> =>
      recordLongTermMessages(setup, recorded, messages),
    remember: (
      texts: readonly (string | RememberEntry)[],
      options?: RememberOptions,
    ): Promise<void> => rememberLongTermTexts(setup, texts, options),
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
      return renderLongTermHits(await search(text), setup.maxRetrieveChars);
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
        ? answerRecordToMemory(setup, input)
        : answerRetrieveFromMemory(setup, input);
    },
    async forget(): Promise<number> {
      return guardLongTermOperation('delete', () => backend.deleteOwner(owner));
    },
  });
}
