import type {
  AutoContextMemory as CoreMemory,
  AutoContextMemoryOptions as CoreMemoryOptions,
  OffloadLookup,
} from '@acm/core';
import type { PersistedMemory } from '@acm/core/adapter';
import {
  createPersistedMemory,
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
}

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
   * Appends messages, all or none (id-less ones get `lc-<position>`).
   * @throws (rejects) InvalidMessageError for a message core cannot hold (a
   * reused id, a tool result without its call, a non-JSON field).
   */
  override async addMessages(messages: BaseMessage[]): Promise<void> {
    await this.#persisted.run((memory) =>
      memory.addMessages(
        fromLangChainMessages(messages, {
          previous: memory.getMessages(),
          offset: memory.getOriginalMessages().length,
        }),
      ),
    );
  }

  /** Empties the memory: history, offloads and events. */
  override async clear(): Promise<void> {
    await this.#persisted.run((memory) => memory.clear());
  }
}
