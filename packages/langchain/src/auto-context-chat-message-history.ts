import type {
  AutoContextMemory as CoreMemory,
  AutoContextMemoryOptions as CoreMemoryOptions,
  OffloadLookup,
} from '@acm/core';
import type { PersistedMemory } from '@acm/core/internal';
import {
  createPersistedMemory,
  withoutOffloadMarkers,
} from '@acm/core/internal';
import { BaseListChatMessageHistory } from '@langchain/core/chat_history';
import type { BaseMessage } from '@langchain/core/messages';
import { fromLangChainMessages } from '@acm/core/formats';
import { toLangChainMessages } from './to-langchain-messages';

/** Core memory options (`sessionId`, `config`, `summarizer`, `counter`, `store`, …) plus the history's own. */
export interface AutoContextChatMessageHistoryOptions extends CoreMemoryOptions {
  /**
   * The core memory to feed and read. When given, the core options
   * (`sessionId`, `config`, `summarizer`, `counter`, `store`, …) are
   * ignored, and persisting it is up to you.
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
   * Keep the `<!-- CONTEXT_OFFLOAD: uuid=… -->` markers in the messages
   * `getMessages()` returns. Turn it on only when the model can follow them:
   * give it `contextReloadTool({ memory })` and `CONTEXT_RELOAD_INSTRUCTION`.
   * Without a reload tool the markers are noise, so they are left out (the
   * memory keeps them).
   * @default false
   */
  readonly offloadMarkers?: boolean;
}

/**
 * A LangChain chat message history backed by an ACM memory, for
 * `RunnableWithMessageHistory` (or anything that takes a
 * `BaseListChatMessageHistory`): `addMessage(s)` append to the memory (the
 * original history, kept whole) and `getMessages()` compresses when a
 * trigger is reached and returns the managed view: summaries and offload
 * stubs in place of what they replaced, tool calls kept with their results.
 *
 * With a `store` (and no `memory`), the session is loaded from it on first
 * use and saved after every change.
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

  constructor({
    memory,
    fixedTokens = 0,
    offloadMarkers = false,
    ...coreOptions
  }: AutoContextChatMessageHistoryOptions = {}) {
    super();
    this.#persisted = createPersistedMemory({ ...coreOptions, memory });
    this.memory = this.#persisted.memory;
    this.fixedTokens = fixedTokens;
    this.offloadMarkers = offloadMarkers;
  }

  /** The session this history holds (the core memory's). */
  get sessionId(): string {
    return this.memory.sessionId;
  }

  /** What the memory knows about an offload id (for the `context_reload` tool). */
  lookupOffload(offloadId: string): OffloadLookup {
    return this.memory.lookupOffload(offloadId);
  }

  /**
   * Compresses when a trigger is reached (`compressIfNeeded`), then returns
   * the managed view as LangChain messages (ids kept; ACM's messages tagged
   * with `additional_kwargs.acm`; offload markers only with `offloadMarkers`).
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
   * Appends messages to the memory, all or none. LangChain ids are kept;
   * id-less messages get `lc-<position in the original history>`.
   * @throws (rejects) InvalidMessageError for a message core cannot hold (a
   * reused id, a tool result without its call, a non-JSON field).
   */
  override async addMessages(messages: BaseMessage[]): Promise<void> {
    await this.#persisted.run((memory) => {
      const base = memory.getOriginalMessages().length;
      return memory.addMessages(
        fromLangChainMessages(messages, {
          previous: memory.getMessages(),
          generateId: (index) => `lc-${base + index}`,
        }),
      );
    });
  }

  /** Empties the memory: history, offloads and events. */
  override async clear(): Promise<void> {
    await this.#persisted.run((memory) => memory.clear());
  }
}
