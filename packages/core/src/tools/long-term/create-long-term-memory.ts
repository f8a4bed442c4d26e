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
import { createLongTermMessageRecorder } from './create-long-term-message-recorder';
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
   * recorded before for this owner and session becomes a record (or the
   * facts `extract` returns). Idempotent by message id in the backend: a
   * restarted process or a second instance passing the same conversation
   * records nothing again. Passing the whole conversation every turn costs
   * O(new messages) when it continues the last list (the same message
   * objects, as when the app appends to one array): it is read from where
   * that one ended. Calls run one at a time. All or nothing: when the
   * backend, `extract` or `embed` fails (or `embed` times out) it rejects
   * with `LongTermMemoryError` and the messages count as not recorded.
   *
   * @throws InvalidArgumentError when `messages` is not an array of messages
   * (ids non-blank, at most `LONG_TERM_LIMITS.maxMessageIdChars`).
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
  /**
   * Deletes every record of this owner (the right to be forgotten) and the
   * marks of what was recorded, after the recordings already started;
   * returns how many records. Messages passed to `record` afterwards are
   * recorded again.
   */
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
  const recorder = createLongTermMessageRecorder(setup);

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
      recorder.record(messages),
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
      return recorder.forget(() =>
        guardLongTermOperation('delete', () => backend.deleteOwner(owner)),
      );
    },
  });
}
