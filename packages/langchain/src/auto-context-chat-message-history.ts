import type {
  AutoContextMemory as CoreMemory,
  AutoContextMemoryOptions as CoreMemoryOptions,
  HistoryMismatchEvent,
  HistoryMode,
  OffloadLookup,
} from '@acm/core';
import type { PersistedMemory } from '@acm/core/adapter';
import {
  createPersistedMemory,
  hashValue,
  syncMessages,
  withoutOffloadMarkers,
} from '@acm/core/adapter';
import { BaseListChatMessageHistory } from '@langchain/core/chat_history';
import type { BaseMessage } from '@langchain/core/messages';
import { fromLangChainMessages } from '@acm/core/formats';
import { toLangChainMessages } from './to-langchain-messages';

/** Core memory options (`sessionId`, `config`, `summarizer`, `counter`, `store`, …) plus the history's own. */
export interface AutoContextChatMessageHistoryOptions extends CoreMemoryOptions {
  /**
   * The core memory to feed and read; the core options are then ignored and
   * persisting it is up to you.
   * @default a new core memory built from the core options
   */
  readonly memory?: CoreMemory;
  /**
   * Tokens sent besides the history (system prompt, tool schemas), counted
   * toward the trigger and the budget; `countFixedTokens` computes it.
   * @default 0
   */
  readonly fixedTokens?: number;
  /**
   * Keep the `<!-- CONTEXT_OFFLOAD: uuid=… -->` markers in `getMessages()`,
   * for a model given `contextReloadTool({ memory })` and
   * `CONTEXT_RELOAD_INSTRUCTION` (without them the markers are noise).
   * @default false
   */
  readonly offloadMarkers?: boolean;
  /**
   * What `addMessages` receives: `'append'`, the new messages (as
   * `RunnableWithMessageHistory` and `saveContext` add them; messages the
   * history holds already at its end, a retry, or the whole stored history
   * sent again, are not stored twice); `'mirror'`, the full history each
   * time (only what follows the stored part is added). A list that does
   * neither follows `onMismatch`.
   * @default 'append'
   */
  readonly history?: HistoryMode;
  /**
   * `addMessages` with a list that does not continue the stored history (a
   * history that repeats the stored start and then leaves it, a message the
   * history holds elsewhere, only new messages in `'mirror'` mode): `'error'`
   * rejects with `HistoryMismatchError` (code `HISTORY_MISMATCH`) and changes
   * nothing; `'replace'` starts the history over from the list and archives
   * the messages it drops behind one reload id (`onHistoryMismatch`'s
   * `dropped.archiveId`, `memory.reload(id)`). The history is one session,
   * so there is no `'fork'`: make a history with another `sessionId`.
   * @default 'error'
   */
  readonly onMismatch?: 'error' | 'replace';
  /**
   * Receives every mismatch with its outcome (`'error'` before the call
   * rejects, `'replace'` with `dropped`).
   * @default undefined
   */
  readonly onHistoryMismatch?: (event: HistoryMismatchEvent) => void;
}

/** What `HistoryMismatchError` tells a chat history's user to set. */
const REMEDY =
  "set history: 'append' if addMessages gets only the new messages, or onMismatch: 'replace' to start over (the dropped messages are archived behind a reload id)";

/**
 * A LangChain chat message history (`RunnableWithMessageHistory`, anything
 * taking a `BaseListChatMessageHistory`) backed by an ACM memory:
 * `addMessage(s)` append to the memory (the original history, kept whole);
 * `getMessages()` compresses when a trigger is reached and returns the
 * managed view (summaries and offload stubs, tool calls with their results).
 * With a `store` and no `memory`, the session is loaded on first use and
 * saved after every change (core's `createPersistedMemory`).
 */
export class AutoContextChatMessageHistory extends BaseListChatMessageHistory {
  lc_namespace = ['acm', 'langchain', 'chat_history'];

  /** The core memory behind this history (events, offloads, state). */
  readonly memory: CoreMemory;
  /** Tokens counted besides the history. */
  fixedTokens: number;
  /** Whether `getMessages()` keeps the offload markers. */
  readonly offloadMarkers: boolean;

  readonly #persisted: PersistedMemory;
  readonly #history: Pick<
    AutoContextChatMessageHistoryOptions,
    'history' | 'onMismatch' | 'onHistoryMismatch'
  >;

  constructor({
    memory,
    fixedTokens = 0,
    offloadMarkers = false,
    history = 'append',
    onMismatch = 'error',
    onHistoryMismatch,
    ...coreOptions
  }: AutoContextChatMessageHistoryOptions = {}) {
    super();
    this.#persisted = createPersistedMemory({ ...coreOptions, memory });
    this.memory = this.#persisted.memory;
    this.fixedTokens = fixedTokens;
    this.offloadMarkers = offloadMarkers;
    this.#history = { history, onMismatch, onHistoryMismatch };
  }

  /** The core memory's session. */
  get sessionId(): string {
    return this.memory.sessionId;
  }

  /** What the memory knows about an offload id (for the `context_reload` tool). */
  lookupOffload(offloadId: string): OffloadLookup {
    return this.memory.lookupOffload(offloadId);
  }

  /**
   * The managed view, compressed first when a trigger is reached (ids kept;
   * ACM's messages tagged `additional_kwargs.acm`).
   */
  async getMessages(): Promise<BaseMessage[]> {
    const messages = await this.#persisted.run(async (memory) => {
      await memory.compressIfNeeded({ fixedTokens: this.fixedTokens });
      return memory.getMessages();
    });
    return toLangChainMessages(
      this.offloadMarkers ? messages : withoutOffloadMarkers(messages),
    );
  }

  /** Appends one message (see `addMessages`). */
  async addMessage(message: BaseMessage): Promise<void> {
    await this.addMessages([message]);
  }

  /**
   * Appends messages, all or none (id-less ones get `lc-<position>`), read
   * as `history` says (core's `syncMessages`).
   * @throws (rejects) HistoryMismatchError for a list that does not continue
   * the stored history (`onMismatch: 'error'`); InvalidMessageError for a
   * message core cannot hold (a tool result without its call, a non-JSON
   * field). Nothing changed then.
   */
  override async addMessages(messages: BaseMessage[]): Promise<void> {
    await this.#persisted.run((memory) =>
      syncMessages({
        ...this.#history,
        memory,
        messages,
        remedy: REMEDY,
        idOf: (message, index) => message.id ?? `lc-${index}`,
        // A message without an id is recognised by what it converts to.
        isStored: (message, _index, stored) =>
          message.id !== undefined
            ? message.id === stored.id
            : hashValue(
                fromLangChainMessages([message], {
                  previous: () => memory.getOriginalMessages(),
                  generateId: () => stored.id,
                })[0],
              ) === hashValue(stored),
        convert: (fresh, { ids }) =>
          fromLangChainMessages(fresh, {
            previous: memory.getMessages(),
            generateId: (index) => ids[index]!,
          }),
      }),
    );
  }

  /** Empties the memory: history, offloads and events. */
  override async clear(): Promise<void> {
    await this.#persisted.run((memory) => memory.clear());
  }
}
